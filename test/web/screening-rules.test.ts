import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { describeFinding, findingText, screeningRefusalMessage } from '../../src/shared/screening-wording';
import { screenText } from '../../src/shared/screening-rules';

/** What the screen finds in a text, as "kind: quoted words". */
function found(body: string, title?: string): string[] {
  return screenText({ title, body }).map((finding) => `${finding.kind}: ${findingText(finding, { title, body })}`);
}

describe('personal information', () => {
  test.each([
    ['Call me at 555-123-4567 for notes', 'phone_number: 555-123-4567'],
    ['Text him on (617) 555-0199', 'phone_number: (617) 555-0199'],
    ['Her number is +44 20 7946 0958', 'phone_number: +44 20 7946 0958'],
    ['Ring 555 0134 after class', 'phone_number: 555 0134'],
    ['Write to jdoe@uni.example.edu for slides', 'email_address: jdoe@uni.example.edu'],
    ['My student ID is 20231234', 'student_id: 20231234'],
    ['Ask for A01234567 at the desk', 'student_id: A01234567'],
    ['He lives at 42 Maple Street, Apt 3', 'street_address: 42 Maple Street, Apt 3'],
    ['Follow @jdoe_22 for answers', 'social_handle: @jdoe_22'],
    ['his insta: jdoe22', 'social_handle: jdoe22'],
  ])('%s', (body, expected) => {
    expect(found(body)).toEqual([expected]);
  });

  test.each([
    'Office hours 3-5pm in CS 101 were great.',
    'Took MATH 2410 in 2023 and again in 2024.',
    'Chapters 10-12 and pages 100-120 were hard.',
    'Sessions from 2019 2020 2021 were all good.',
    'Scored 92.5% on the final, 18/20 on quizzes.',
    'Room 3.14 on 12.05.2024 at 10:30.',
    'Tuition is $1,299 for the term.',
    'Email the department office through the portal.',
    'Graduated summa cum laude thanks to her.',
    'The server at 198.51.100.10 hosts the course site.',
  ])('no finding: %s', (body) => {
    expect(found(body)).toEqual([]);
  });
});

describe('slurs and profanity', () => {
  test('the whole word is quoted, in the title too', () => {
    expect(found('This class was shit', 'Fucking hard')).toEqual(['profanity: Fucking', 'profanity: shit']);
  });

  test.each([
    'The assessment was fair.',
    'Analysis of data was clear.',
    'Passed the class, hell of a course.',
    'Her slides use #445566 for headings.',
  ])('no finding: %s', (body) => {
    expect(found(body)).toEqual([]);
  });
});

describe('remarks on appearance or body', () => {
  test.each([
    ['She is so hot lol', 'appearance: She is so hot'],
    ['The tutor is fat and lazy', 'appearance: tutor is fat'],
    ['Honestly an ugly tutor', 'appearance: ugly tutor'],
    ['Stare at her legs all class', 'appearance: her legs'],
    ['He has gained weight this term', 'appearance: He has gained weight'],
    ['He dresses like a clown', 'appearance: dresses like'],
  ])('%s', (body, expected) => {
    expect(found(body)).toEqual([expected]);
  });

  test.each([
    'Handsome explanations, very clear.',
    'His body of work on compilers is impressive.',
    'The hot topic this term was recursion.',
    'She looks at every proof carefully.',
    'Pretty good tutor, very patient.',
  ])('no finding: %s', (body) => {
    expect(found(body)).toEqual([]);
  });
});

test('the notice words each finding, and the refusal names them all', () => {
  const [finding] = screenText({ body: 'Call me at 555-123-4567' });
  expect(describeFinding(finding!)).toBe('a phone number in the text');
  expect(describeFinding({ category: 'appearance', field: 'title' })).toBe(
    "a remark on someone's appearance or body in the title",
  );
  expect(screeningRefusalMessage([finding!])).toContain('a phone number in the text');
});

test('whatever the text, findings point inside it, in order, never overlapping within a category', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 80 }), (body, title) => {
      const findings = screenText({ title, body });
      for (const finding of findings) {
        const text = finding.field === 'title' ? title : body;
        expect(finding.start).toBeGreaterThanOrEqual(0);
        expect(finding.end).toBeGreaterThan(finding.start);
        expect(finding.end).toBeLessThanOrEqual(text.length);
      }
    }),
    { numRuns: 300 },
  );
});
