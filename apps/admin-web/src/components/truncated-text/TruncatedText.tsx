/**
 * A long text cut for a table cell (the Contacts message, notes, log details): the first
 * characters on one line with an ellipsis, the full text as the element's title (its tooltip and
 * accessible description). Exports keep the full text; only the screen is shortened.
 */
import { Text, type TextProps } from '@mantine/core';

/** The first `max` characters of `text` on one line, with '…' when something was cut. */
export function truncateText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat); // code points, so an emoji is never cut in half
  if (chars.length <= max) return flat;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

export interface TruncatedTextProps extends TextProps {
  text: string;
  /** How many characters show before the ellipsis. */
  max: number;
}

export function TruncatedText({ text, max, size = 'sm', ...props }: TruncatedTextProps) {
  const short = truncateText(text, max);
  return (
    <Text size={size} title={short === text ? undefined : text} {...props}>
      {short}
    </Text>
  );
}
