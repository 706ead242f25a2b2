import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import type {
  ScreenedField,
  ScreenedText,
  ScreeningCategory,
  ScreeningFinding,
  ScreeningFindingKind,
} from './screening';

/**
 * The rule-based screen, the same in the browser (as the student types) and on the server (on
 * submit and edit). It warns; a person decides. So it leans towards missing a borderline remark
 * rather than flagging an ordinary review: word filters that misfire on clean text are the ones
 * students stop trusting. Kept apart from shared/screening.ts because the word list is large:
 * the web app loads this module only with the review form.
 */

interface Match {
  kind: ScreeningFindingKind;
  start: number;
  end: number;
}

const categoryOfKind: Record<ScreeningFindingKind, ScreeningCategory> = {
  phone_number: 'personal_information',
  email_address: 'personal_information',
  student_id: 'personal_information',
  street_address: 'personal_information',
  social_handle: 'personal_information',
  profanity: 'profanity',
  appearance: 'appearance',
};

function* matchesOf(pattern: RegExp, text: string, group = 0): Generator<{ start: number; end: number; text: string }> {
  for (const match of text.matchAll(pattern)) {
    const matched = match[group];
    if (matched === undefined) continue;
    const start = match.index + match[0].indexOf(matched);
    yield { start, end: start + matched.length, text: matched };
  }
}

// --- Personal information -------------------------------------------------------------------

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** Digits with the separators phone numbers are written with; how many digits decides. */
const DIGIT_RUN = /(?<![\w+.,/:$€£-])\+?\(?\d[\d ().-]{5,20}\d(?![\w/%])/g;
const YEAR = /^(19|20)\d\d$/;

function phoneOrStudentId(run: string): ScreeningFindingKind | null {
  const digits = run.replace(/\D/g, '');
  const groups = run.split(/[^\d]+/).filter(Boolean);
  // A list of years ("2019 2020 2021"), a year range, a date, a time range: not a number to call.
  if (groups.every((group) => YEAR.test(group) || group.length <= 2)) return null;
  // An internet address (198.51.100.10), a version number.
  if (/^\d{1,3}(?:\.\d{1,3}){2,3}$/.test(run)) return null;
  const separated = groups.length > 1;
  if (digits.length >= 10 && digits.length <= 15) return 'phone_number';
  // 555-1234 or 555 1234: a local number.
  if (digits.length === 7 && /^\d{3}[ .-]\d{4}$/.test(run)) return 'phone_number';
  // An unbroken run of 7 to 9 digits reads like a student or matriculation number.
  if (!separated && digits.length >= 7 && digits.length <= 9) return 'student_id';
  return null;
}

/** A letter prefix and seven or more digits (A01234567, s1234567), or a number named as an ID. */
const PREFIXED_ID = /\b[A-Za-z]{1,2}\d{7,9}\b/g;
const NAMED_ID =
  /\b(?:student\s*(?:id|number|no\.?|#)|matric(?:ulation)?\s*(?:number|no\.?)?|id\s*(?:number|no\.?|#)?)\s*(?:is|:|#)?\s*(\d{5,12})\b/gi;

const STREET_SUFFIX =
  'Street|St\\.?|Avenue|Ave\\.?|Road|Rd\\.?|Boulevard|Blvd\\.?|Lane|Ln\\.?|Drive|Court|Place|Way|Terrace|Crescent|Close|Parkway|Highway';
const STREET_ADDRESS = new RegExp(
  `\\b\\d{1,5}[A-Za-z]?\\s+(?:[A-Z][a-z]+\\.?\\s+){1,3}(?:${STREET_SUFFIX})(?![A-Za-z])(?:,?\\s*(?:Apt\\.?|Apartment|Unit|#)\\s*\\w+)?`,
  'g',
);

/** @name not inside an e-mail address; or a handle named with its network ("insta: jdoe_22"). */
const AT_HANDLE = /(?<![\w@.])@[A-Za-z0-9_](?:[A-Za-z0-9_.]{1,29})(?<!\.)/g;
const NAMED_HANDLE =
  /\b(?:instagram|insta|ig|snapchat|snap|twitter|tiktok|discord|telegram|whatsapp)\s*(?:handle|username|name|id)?\s*(?::|\bis\b)\s*@?([A-Za-z0-9_.]*[0-9_.][A-Za-z0-9_.]*|[A-Za-z0-9_.]{3,30}(?=\s*$))/gi;

function personalInformation(text: string): Match[] {
  const found: Match[] = [];
  const emails = [...matchesOf(EMAIL, text)];
  for (const email of emails) found.push({ kind: 'email_address', start: email.start, end: email.end });
  const inEmail = (start: number, end: number) => emails.some((email) => start < email.end && end > email.start);
  for (const run of matchesOf(DIGIT_RUN, text)) {
    const trimmed = run.text.replace(/[ ().-]+$/, '');
    const kind = phoneOrStudentId(trimmed);
    if (kind && !inEmail(run.start, run.end)) found.push({ kind, start: run.start, end: run.start + trimmed.length });
  }
  for (const id of matchesOf(PREFIXED_ID, text)) {
    if (!inEmail(id.start, id.end)) found.push({ kind: 'student_id', start: id.start, end: id.end });
  }
  for (const id of matchesOf(NAMED_ID, text, 1)) found.push({ kind: 'student_id', start: id.start, end: id.end });
  for (const address of matchesOf(STREET_ADDRESS, text))
    found.push({ kind: 'street_address', start: address.start, end: address.end });
  for (const handle of matchesOf(AT_HANDLE, text)) {
    if (!inEmail(handle.start, handle.end)) found.push({ kind: 'social_handle', start: handle.start, end: handle.end });
  }
  for (const handle of matchesOf(NAMED_HANDLE, text, 1))
    found.push({ kind: 'social_handle', start: handle.start, end: handle.end });
  return found;
}

// --- Slurs and profanity ----------------------------------------------------------------------

let profanityMatcher: RegExpMatcher | undefined;

/** Built on first use: the English dataset takes a moment to compile. */
function profanity(): RegExpMatcher {
  profanityMatcher ??= (() => {
    const built = englishDataset.build();
    return new RegExpMatcher({
      ...built,
      ...englishRecommendedTransformers,
      // Latin honours, not profanity.
      whitelistedTerms: [...(built.whitelistedTerms ?? []), 'cum laude', 'magna cum', 'summa cum'],
    });
  })();
  return profanityMatcher;
}

/** The whole word a match falls in ("fucking", not "fuck"), so the notice quotes what was written. */
function wholeWord(text: string, start: number, end: number): { start: number; end: number } {
  let from = start;
  let to = end;
  while (from > 0 && /[\p{L}\p{N}*@$]/u.test(text[from - 1]!)) from -= 1;
  while (to < text.length && /[\p{L}\p{N}*@$]/u.test(text[to]!)) to += 1;
  return { start: from, end: to };
}

/** Leetspeak reads digits as letters: a match needs two real letters, or "#445566" would be a word. */
const hasLetters = (matched: string) => (matched.match(/\p{L}/gu)?.length ?? 0) >= 2;

function profanityIn(text: string): Match[] {
  return profanity()
    .getAllMatches(text, true)
    .filter((match) => hasLetters(text.slice(match.startIndex, match.endIndex + 1)))
    .map((match) => ({ kind: 'profanity' as const, ...wholeWord(text, match.startIndex, match.endIndex + 1) }));
}

// --- Remarks on appearance or body ------------------------------------------------------------

const PERSON =
  "he|she|they|him|her|tutor|teacher|prof|professor|instructor|lecturer|ta|guy|lady|woman|man|dude|girl|boy|he's|she's|they're";
const LOOKS_ADJECTIVE =
  'ugly|fugly|fat|obese|overweight|skinny|scrawny|chubby|hideous|sexy|hot|attractive|unattractive|cute|beautiful|gorgeous|handsome|bald|balding|smelly|stinky|greasy|sweaty|scruffy|frumpy|homely';
const INTENSIFIER = '(?:so|very|really|kinda|kind of|quite|too|super|pretty|such an?|an?)\\s+';
/** "she is so hot", "the tutor looks ugly": a person, then how they look. */
const PERSON_LOOKS = new RegExp(
  `\\b(?:${PERSON})\\b(?:\\s+(?:is|was|are|were|looks?|looked|seems|seemed|'s))?\\s+(?:${INTENSIFIER})*(?:${LOOKS_ADJECTIVE})\\b(?!\\s+(?:topic|take|seat|mess|subject|water|day|weather))`,
  'gi',
);
/** "ugly tutor", "hot professor". */
const LOOKS_PERSON = new RegExp(`\\b(?:${LOOKS_ADJECTIVE})\\s+(?:${PERSON})\\b`, 'gi');
/** "his body", "her weight", "their outfits": what is said about a person's body or clothes. */
const BODY_PART =
  'body(?!\\s+of\\b)|bodies|weight|figure|legs|butt|ass|chest|breasts|boobs|belly|gut|stomach|thighs|hips|cleavage|outfits?|clothes|clothing|wardrobe|acne|teeth|looks';
const POSSESSIVE_BODY = new RegExp(
  `\\b(?:his|her|their|the (?:tutor|teacher|professor|instructor|lecturer)'s)\\s+(?:\\w+\\s+)?(?:${BODY_PART})\\b`,
  'gi',
);
/** "her face is ugly", "his big nose": a feature with a judgement of it. */
const JUDGED_FEATURE = new RegExp(
  `\\b(?:his|her|their)\\s+(?:(?:${LOOKS_ADJECTIVE}|big|huge|tiny|weird|gross|crooked|yellow|nice|pretty|perfect)\\s+(?:face|hair|nose|skin|eyes|ears|lips)|(?:face|hair|nose|skin|eyes|ears|lips)\\s+(?:is|was|are|were)\\s+(?:${INTENSIFIER})*(?:${LOOKS_ADJECTIVE}|big|huge|weird|gross|crooked|yellow|nice|pretty|perfect))\\b`,
  'gi',
);
const APPEARANCE_PHRASES =
  /\b(?:(?:he|she|they|has|have)(?:'s| has| have)? (?:gained|lost) (?:a lot of |so much |some )?weight|dresses like|dressed like|eye candy|easy on the eyes|nice to look at|hard to look at|body odou?r|beer belly|muffin top|needs a shower|should (?:lose|gain) weight|should shave|looks like a (?:man|woman|pig|cow|whale|troll|model|slob|mess)|what (?:he|she|they) (?:wears?|wore)|(?:he|she|they) (?:wears?|wore) the same)\b/gi;

function appearanceIn(text: string): Match[] {
  const found: Match[] = [];
  for (const pattern of [PERSON_LOOKS, LOOKS_PERSON, POSSESSIVE_BODY, JUDGED_FEATURE, APPEARANCE_PHRASES])
    for (const match of matchesOf(pattern, text))
      found.push({ kind: 'appearance', start: match.start, end: match.end });
  return found;
}

// --- Together ---------------------------------------------------------------------------------

/** Overlapping matches of one category become one finding (its first kind), in text order. */
function merged(matches: Match[]): Match[] {
  const sorted = [...matches].sort((a, b) => a.start - b.start || b.end - a.end);
  const result: Match[] = [];
  for (const match of sorted) {
    const last = result.at(-1);
    if (last && categoryOfKind[last.kind] === categoryOfKind[match.kind] && match.start < last.end)
      last.end = Math.max(last.end, match.end);
    else result.push({ ...match });
  }
  return result;
}

function screenField(field: ScreenedField, text: string): ScreeningFinding[] {
  if (!text) return [];
  return merged([...personalInformation(text), ...profanityIn(text), ...appearanceIn(text)]).map((match) => ({
    category: categoryOfKind[match.kind],
    kind: match.kind,
    field,
    start: match.start,
    end: match.end,
    source: 'rules',
  }));
}

/** What the rules find in a review's (or a response's) title and text, title first. */
export function screenText(text: ScreenedText): ScreeningFinding[] {
  return [...screenField('title', text.title ?? ''), ...screenField('body', text.body)];
}
