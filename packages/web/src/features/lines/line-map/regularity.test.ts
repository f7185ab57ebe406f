import { describe, expect, it } from 'vitest';
import { formatCv, regularityGrade, regularityTone } from './regularity';

describe('headway regularity grade', () => {
  it('follows the TCQSM bounds, inclusive', () => {
    expect(regularityGrade(0)).toBe('A');
    expect(regularityGrade(0.21)).toBe('A');
    expect(regularityGrade(0.22)).toBe('B');
    expect(regularityGrade(0.3)).toBe('B');
    expect(regularityGrade(0.35)).toBe('C');
    expect(regularityGrade(0.52)).toBe('D');
    expect(regularityGrade(0.74)).toBe('E');
    expect(regularityGrade(0.75)).toBe('F');
    expect(regularityGrade(3)).toBe('F');
  });

  it('colours by band and prints two decimals', () => {
    expect(['A', 'B', 'C', 'D', 'E', 'F'].map((g) => regularityTone(g as 'A'))).toEqual([
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
    ]);
    expect(formatCv(0.2345)).toBe('0.23');
  });
});
