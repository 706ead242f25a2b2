import { AI_DRAFT_MAX_CHARACTERS, AI_DRAFT_MIN_CHARACTERS, type ReviewDraftRequest } from '../../../shared/ai-drafting';
import type { TutorRow } from '../../db/schema';

/** The tone a rating asks for; the rating itself never appears in the draft. */
const toneByRating: Record<number, string> = {
  1: 'clearly negative: the student was disappointed',
  2: 'mostly critical, while fair about anything that went well',
  3: 'balanced, with strengths and weaknesses in equal measure',
  4: 'mostly positive, with a point or two that could be better',
  5: 'warmly positive: the student would recommend this tutor',
};

export interface DraftPrompt {
  system: string;
  prompt: string;
}

/**
 * What the model is asked (spec sections 5 and 9): a review of more than 2000 and fewer than
 * 2500 characters that does not mention the rating, about this tutor, in the tone of the
 * student's rating, built on the student's own notes instead of replacing them.
 */
export function buildDraftPrompt(
  tutor: Pick<TutorRow, 'name' | 'department' | 'courses'>,
  request: Pick<ReviewDraftRequest, 'title' | 'rating' | 'notes'>,
  siteName: string,
): DraftPrompt {
  const system = [
    `You help university students write reviews of their tutors for ${siteName}, a site where students read each other's reviews.`,
    'Write as the student, in the first person, in plain text: no title, no headings, no lists, no markdown.',
    "Be honest, specific and respectful. Write about the teaching, never about the tutor's private life or appearance.",
    'Do not invent events or facts the student did not give; where details are missing, speak in general terms about the teaching.',
  ].join(' ');

  const lines = [`Write a review of my tutor ${tutor.name}, who teaches in the ${tutor.department} department.`];
  if (tutor.courses.length > 0) lines.push(`Courses they teach: ${tutor.courses.join('; ')}.`);
  if (request.title) lines.push(`My review's title is: "${request.title}". The review should fit it.`);
  const tone = toneByRating[request.rating];
  lines.push(tone ? `The tone should be ${tone}.` : 'Keep the tone balanced.');
  lines.push('Do not mention the rating, stars, a score or any number out of five.');
  if (request.notes) {
    lines.push(
      'Here are my own notes. Build the review on them: keep every point they make and expand it in my voice; do not contradict them.',
      '<notes>',
      request.notes,
      '</notes>',
    );
  }
  lines.push(
    `The review must be more than ${AI_DRAFT_MIN_CHARACTERS} and fewer than ${AI_DRAFT_MAX_CHARACTERS} characters long.`,
    'Reply with the text of the review only.',
  );
  return { system, prompt: lines.join('\n') };
}
