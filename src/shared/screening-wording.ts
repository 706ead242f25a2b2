import type {
  ScreenedField,
  ScreenedText,
  ScreeningCategory,
  ScreeningFinding,
  ScreeningFindingKind,
} from './screening';

// The screen's findings in words, for the student's notice, the server's refusal and the
// moderators' Flagged list: kept apart from the schemas, which every page's bundle carries.

const kindNames: Record<ScreeningFindingKind, string> = {
  phone_number: 'a phone number',
  email_address: 'an e-mail address',
  student_id: 'a student ID number',
  street_address: 'a street address',
  social_handle: 'a social-media handle',
  profanity: 'a slur or profanity',
  appearance: "a remark on someone's appearance or body",
};
const categoryNames: Record<ScreeningCategory, string> = {
  personal_information: 'personal information',
  profanity: 'a slur or profanity',
  appearance: "a remark on someone's appearance or body",
};
const fieldNames: Record<ScreenedField, string> = { title: 'the title', body: 'the text' };

/** The words a finding points at, as written. */
export function findingText(finding: ScreeningFinding, text: ScreenedText): string {
  return (text[finding.field] ?? '').slice(finding.start, finding.end);
}

/** A finding in words for the notice: "a phone number in the text". */
export function describeFinding(finding: Pick<ScreeningFinding, 'category' | 'kind' | 'field'>): string {
  const what = finding.kind ? kindNames[finding.kind] : categoryNames[finding.category];
  return `${what} in ${fieldNames[finding.field]}`;
}

/** The refusal's message when a review is sent without "Submit anyway" and the screen found something. */
export function screeningRefusalMessage(findings: readonly ScreeningFinding[]): string {
  const described = [...new Set(findings.map(describeFinding))];
  return `Before this is published, please check it: we found ${described.join('; ')}. Edit it, or send it again with "Submit anyway".`;
}
