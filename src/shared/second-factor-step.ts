import { z } from 'zod';

/** What a session must do before it reaches anything else: pass its second factor, or set one up; null: nothing. */
export const secondFactorStepSchema = z.enum(['verify', 'enrol']).nullable();
export type SecondFactorStep = z.infer<typeof secondFactorStepSchema>;
