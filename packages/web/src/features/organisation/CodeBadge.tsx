import { Badge } from 'antd';

/**
 * A state or type in its colour: the colour on the dot, the words in the text colour. A coloured tag's light green or
 * orange text on its pale background fails WCAG AA contrast (axe, 3.4:1); a badge keeps the colour and stays legible.
 */
export function CodeBadge({ color, text, testId }: { color: string | undefined; text: string; testId?: string }) {
  return color && color !== 'default' ? (
    <Badge color={color} text={text} data-testid={testId} />
  ) : (
    <Badge status="default" text={text} data-testid={testId} />
  );
}
