import { describe, expect, test } from 'vitest';
import { buildDraftPrompt } from '../../src/server/services/ai-drafting/prompt';

const tutor = { name: 'Grace Hopper', department: 'Computer Science', courses: ['Compilers', 'COBOL for Beginners'] };

describe('the review draft prompt', () => {
  test('asks for 2000 to 2500 characters about the tutor, without the rating', () => {
    const { system, prompt } = buildDraftPrompt(tutor, { title: '', rating: 0, notes: '' }, 'Tutorly');

    expect(prompt).toContain('Grace Hopper');
    expect(prompt).toContain('Computer Science');
    expect(prompt).toContain('Compilers; COBOL for Beginners');
    expect(prompt).toContain('more than 2000 and fewer than 2500 characters');
    expect(prompt).toContain('Do not mention the rating');
    expect(prompt).toContain('Keep the tone balanced.');
    expect(prompt).not.toContain('<notes>');
    expect(system).toContain('Tutorly');
    expect(system).toContain('plain text');
  });

  test("sets the tone from the student's rating without stating it, and follows their title", () => {
    const low = buildDraftPrompt(
      tutor,
      { title: 'Lectures were hard to follow', rating: 1, notes: '' },
      'Tutorly',
    ).prompt;
    const high = buildDraftPrompt(tutor, { title: 'Best teacher I had', rating: 5, notes: '' }, 'Tutorly').prompt;

    expect(low).toContain('clearly negative');
    expect(high).toContain('warmly positive');
    expect(low).toContain('"Lectures were hard to follow"');
    for (const prompt of [low, high]) expect(prompt).not.toMatch(/\b[15] (out of|stars?)\b/);
  });

  test("builds on the student's own notes instead of replacing them", () => {
    const notes = 'Office hours every Tuesday.\nShe reviewed my parser line by line.';
    const { prompt } = buildDraftPrompt(tutor, { title: '', rating: 4, notes }, 'Tutorly');

    expect(prompt).toContain(`<notes>\n${notes}\n</notes>`);
    expect(prompt).toMatch(/keep every point they make/i);
  });

  test('leaves the courses out when the tutor lists none', () => {
    expect(
      buildDraftPrompt({ ...tutor, courses: [] }, { title: '', rating: 3, notes: '' }, 'Tutorly').prompt,
    ).not.toContain('Courses');
  });
});
