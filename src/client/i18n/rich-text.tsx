import { Fragment, type ReactNode } from 'react';

/** What a message's tags become: `<name>words</name>` gets the words, `<name/>` nothing. */
export type RichTags = Readonly<Record<string, (words: string) => ReactNode>>;

const tag = /<(\w+)\/>|<(\w+)>(.*?)<\/\2>/g;

/**
 * A message (already translated: `t(key, values)`) with elements inside it (a link in a sentence), so each language keeps its own word
 * order: the catalogue writes `<signup>create an account</signup>`, the caller says what a tag
 * draws. Text a person typed is never a value here (it could hold a tag): draw it with a tag.
 */
export function richText(text: string, tags: RichTags): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(tag)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    const draw = tags[match[1] ?? match[2] ?? ''];
    parts.push(<Fragment key={match.index}>{draw ? draw(match[3] ?? '') : match[0]}</Fragment>);
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
