import { z } from 'zod';
import {
  screeningCategories,
  screenedFields,
  type ScreenedText,
  type ScreeningFinding,
} from '../../../shared/screening';
import type { TextProvider } from '../ai-drafting/providers/text-provider';
import type { SecondOpinion } from './screen-for-publishing';

/** The student waits on submit: past this the rules' result stands. */
export const AI_SCREENING_TIMEOUT_MS = 3000;

const SYSTEM = `You check student reviews of university tutors before they are published.
Find only: personal_information (phone numbers, e-mail addresses, student ID numbers, street addresses, social-media handles), profanity (slurs and profanity), appearance (remarks on someone's appearance, body, weight, looks or clothes).
Criticism of teaching, grading or manner is fine and is not a finding.
Answer with JSON only: {"findings":[{"category":"personal_information|profanity|appearance","field":"title|body","quote":"the exact words as written"}]}; {"findings":[]} when there is nothing.`;

/** The verdict's shape for providers that constrain their reply to a JSON Schema. */
const VERDICT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    findings: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          category: { type: 'string', enum: [...screeningCategories] },
          field: { type: 'string', enum: [...screenedFields] },
          quote: { type: 'string' },
        },
        required: ['category', 'field', 'quote'],
        additionalProperties: false,
      },
    },
  },
  required: ['findings'],
  additionalProperties: false,
};

const verdictSchema = z.object({
  findings: z.array(
    z.object({
      category: z.enum(screeningCategories),
      field: z.enum(screenedFields),
      quote: z.string().min(1),
    }),
  ),
});

/** What the reply says, as findings with spans; quotes the text does not hold are dropped. */
export function findingsOfVerdict(reply: string, text: ScreenedText): ScreeningFinding[] {
  const verdict = verdictSchema.parse(JSON.parse(reply));
  return verdict.findings.flatMap((finding) => {
    const start = (text[finding.field] ?? '').indexOf(finding.quote);
    if (start < 0) return [];
    return [
      {
        category: finding.category,
        field: finding.field,
        start,
        end: start + finding.quote.length,
        source: 'ai' as const,
      },
    ];
  });
}

/** The type of failure only: provider messages and replies may quote the review. */
function failureKind(err: unknown): string {
  if (err instanceof SyntaxError) return 'reply not JSON';
  if (err instanceof z.ZodError) return 'reply not a verdict';
  if (err instanceof Error) return err.name === 'AbortError' || err.name === 'TimeoutError' ? 'timed out' : err.message;
  return 'unknown';
}

/**
 * The AI provider's opinion: a structured JSON verdict at temperature 0, asked with a short
 * timeout. Whatever goes wrong (an outage, a slow answer, a malformed reply) it adds nothing
 * and says so in the log, without the review's words: the student is never held up by it.
 */
export function aiSecondOpinion(
  ai: TextProvider,
  log: (failure: string) => void = () => {},
  timeoutMs = AI_SCREENING_TIMEOUT_MS,
): SecondOpinion {
  return async (text) => {
    const prompt = JSON.stringify({ title: text.title ?? '', body: text.body });
    try {
      const reply = await ai.generateJson({
        system: SYSTEM,
        prompt,
        signal: AbortSignal.timeout(timeoutMs),
        schema: { name: 'screening_verdict', jsonSchema: VERDICT_JSON_SCHEMA },
      });
      return findingsOfVerdict(reply, text);
    } catch (err) {
      log(failureKind(err));
      return [];
    }
  };
}
