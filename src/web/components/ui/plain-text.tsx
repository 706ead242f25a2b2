import type { ReactNode } from 'react';

/** A link someone typed leads off the site: no referrer, no window handle, no endorsement. */
const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow';

// Web addresses (http/https only) and email addresses; what follows a link's end that is
// punctuation closing a sentence stays text.
const LINK_PATTERN = /\b(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'])|([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** One paragraph's text with its addresses as links; every character is text, never markup. */
function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const [found, url, email] = match;
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      <a
        key={at}
        href={url ?? `mailto:${email}`}
        className="break-words text-indigo-800 underline underline-offset-2 hover:text-indigo-950"
        {...(url ? { rel: EXTERNAL_LINK_REL } : {})}
      >
        {found}
      </a>,
    );
    last = at + found.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * Text an administrator wrote, shown safely: blank lines separate paragraphs, single line
 * breaks stay, web and email addresses become links. React escapes every character, so a tag
 * typed into the text shows as the characters typed.
 */
export function PlainText({ text, className = '' }: { text: string; className?: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className={`space-y-4 ${className}`}>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line break-words">
          {withLinks(paragraph)}
        </p>
      ))}
    </div>
  );
}
