import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastWithWhite, readableShade } from './readable-shade';

describe('theme colour shade with AA contrast', () => {
  it('darkens the default #409EFF just enough, keeping its hue', () => {
    expect(contrastWithWhite('#409EFF')).toBeLessThan(3);
    const shade = readableShade('#409EFF');
    expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastWithWhite(shade)).toBeLessThan(AA_CONTRAST + 0.3);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(shade.slice(i, i + 2), 16)) as [number, number, number];
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
  });

  it('leaves colours that already reach 4.5:1 as they are', () => {
    expect(readableShade('#304156')).toBe('#304156');
    expect(readableShade('#722ed1')).toBe('#722ED1');
  });

  it('gives every preset a readable shade', () => {
    for (const preset of ['#409EFF', '#1677FF', '#13C2C2', '#52C41A', '#FA8C16', '#F5222D', '#722ED1', '#304156']) {
      expect(contrastWithWhite(readableShade(preset))).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });
});
