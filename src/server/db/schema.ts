import { sql } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '../../shared/audit';
import type { NotificationKind } from '../../shared/notifications';
import { RECENT_REVIEW_MONTHS, REVIEW_TAGS_MAX, type TermSeason } from '../../shared/reviews-constants';
import type { ScreeningFinding } from '../../shared/screening';
import type { SecondFactorKind, SessionSecondFactor } from '../../shared/second-factor';
import { languages, type Language } from '../../shared/languages';
import { themes } from '../../shared/theme';
import { RANKING_PRIOR_WEIGHT } from '../../shared/tutors-constants';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const userRole = pgEnum('user_role', ['student', 'admin']);
export const userTheme = pgEnum('user_theme', themes);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased, so the unique index is case-insensitive. */
    email: text('email').notNull(),
    phone: text('phone'),
    /** Null for an account that has only ever signed in through its university (user_identities). */
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('student'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The password was handed over by someone else (generated first admin, Add User): the holder must choose their own. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** When the account last signed in or used a session (to the minute, as sessions note it); null if never. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** Light, dark, or the system's preference; sign-in carries it to the device (the theme cookie). */
    theme: userTheme('theme').notNull().default('system'),
    /**
     * The language the account reads Tutorly and its mails in; sign-in carries it to the device
     * (the lang cookie). Null for an account older than the choice: the device's language stands.
     */
    language: text('language').$type<Language>(),
    /**
     * The credential epoch (security stamp): moves whenever the way into the account changes
     * (password, e-mail, status, role, linked identities, "sign out everywhere"). Every token
     * issued for the account records the epoch it was issued under and is refused once it moved.
     */
    credentialEpoch: integer('credential_epoch').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    // The languages the site speaks, spelled out from the same list the API validates with.
    check(
      'users_language_known',
      sql`${t.language} in (${sql.raw(languages.map((language) => `'${language}'`).join(', '))})`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table does not hand out live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute; a session idle longer than SESSION_IDLE_TIMEOUT ends. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in (cut to 512 characters), shown in the session list. */
    userAgent: text('user_agent'),
    /** The client address at sign-in, shown in the session list. */
    clientAddress: text('client_address'),
    /** How the session was signed in: with the password, or through the university (campus sign-in). */
    signedInWith: text('signed_in_with').$type<SignInMethod>().notNull().default('password'),
    /**
     * When the university last confirmed it is the account's owner in this session (at a campus
     * sign-in, or asked again): recent enough, it stands in for the password before deleting the
     * account or changing its address.
     */
    campusConfirmedAt: timestamp('campus_confirmed_at', { withTimezone: true }),
    /** Where the session stands with the account's second factor (shared/second-factor.ts). */
    secondFactor: text('second_factor').$type<SessionSecondFactor>().notNull().default('not_asked'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** How a session was signed in. */
export type SignInMethod = 'password' | 'campus';

/** The sign-in protocols a university's identity provider may speak; SAML can join OpenID Connect here. */
export type IdentityProtocol = 'oidc';

/**
 * An account's identity at a university's identity provider: the provider (issuer) and the
 * subject it names the person by, which unlike the address never changes. One account may have
 * several (a second protocol, a provider that moved).
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    protocol: text('protocol').$type<IdentityProtocol>().notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The address the provider gave when the identity was linked, for the record. */
    emailAtLink: text('email_at_link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('user_identities_protocol_issuer_subject_key').on(t.protocol, t.issuer, t.subject),
    index('user_identities_user_id_idx').on(t.userId),
  ],
);

/** What a campus sign-in was started for: signing in, or confirming the signed-in owner again. */
export type CampusSignInIntent = 'sign-in' | 'confirm';

/**
 * A campus sign-in under way, between leaving for the university's provider and coming back.
 * Found by the hash of a secret held in the browser's cookie (so a callback only counts in the
 * browser that started it), used once, and gone after ten minutes.
 */
export const campusSignInAttempts = pgTable(
  'campus_sign_in_attempts',
  {
    browserSecretHash: text('browser_secret_hash').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    intent: text('intent').$type<CampusSignInIntent>().notNull(),
    /** 'confirm': the account that asked; its university identity must be the one that answers. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A path on this site to return to. */
    returnTo: text('return_to').notNull(),
    /** 'confirm': the account's credential epoch when it left; a confirmation coming back after it moved counts for nothing. */
    credentialEpoch: integer('credential_epoch'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('campus_sign_in_attempts_expires_at_idx').on(t.expiresAt)],
);

/**
 * A university identity waiting to be linked to an administrator's account: the campus sign-in
 * found the administrator's address, and an administrator's account is linked only once its
 * password has been given too (the next step, in the same browser, within ten minutes). Found by
 * the hash of a secret only that browser's cookie holds; used once.
 */
export const campusPendingLinks = pgTable(
  'campus_pending_links',
  {
    browserSecretHash: text('browser_secret_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    protocol: text('protocol').$type<IdentityProtocol>().notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    emailAtLink: text('email_at_link'),
    /** The account's credential epoch when the campus sign-in came back: a change since refuses the link. */
    credentialEpoch: integer('credential_epoch').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('campus_pending_links_expires_at_idx').on(t.expiresAt)],
);

/**
 * A sign-up's verification link, an administrator's invitation, a 'Forgot password?' link, a
 * new address to confirm, or the old address's 'Cancel this change'.
 */
export type EmailLinkPurpose =
  'verify_email' | 'invitation' | 'password_reset' | 'change_email' | 'cancel_email_change';

export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    /** A sign-up's verification link, or an administrator's invitation (which also sets the password). */
    purpose: text('purpose').$type<EmailLinkPurpose>().notNull().default('verify_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** 'change_email': the address the account moves to once the link mailed there is opened. */
    newEmail: text('new_email'),
    /** The account's credential epoch when the link was issued: once the epoch has moved, the link is refused. */
    credentialEpoch: integer('credential_epoch').notNull().default(0),
    /** The address the link was mailed to (a reset link names the address it was sent to). */
    sentTo: text('sent_to'),
  },
  (t) => [
    index('email_verifications_user_id_idx').on(t.userId),
    uniqueIndex('email_verifications_secret_hash_key').on(t.secretHash),
  ],
);

/**
 * An account's second factors: authenticator apps (TOTP, RFC 6238) and passkeys (WebAuthn).
 * A TOTP secret is stored sealed with the server's key (lib/sealed-secrets.ts), so a copy of the
 * database alone does not yield codes.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SecondFactorKind>().notNull(),
    /** The owner's name for it ("Phone", "YubiKey"), shown in the list. */
    label: text('label').notNull(),
    totpSecret: text('totp_secret'),
    /** The time step of the last accepted code: a code (or an older one) is never accepted again. */
    totpLastStep: integer('totp_last_step'),
    /** The authenticator's credential id, base64url. */
    passkeyCredentialId: text('passkey_credential_id'),
    /** The credential's public key (COSE), base64url. */
    passkeyPublicKey: text('passkey_public_key'),
    passkeyCounter: integer('passkey_counter'),
    passkeyTransports: text('passkey_transports').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('second_factors_user_id_idx').on(t.userId),
    uniqueIndex('second_factors_passkey_credential_id_key').on(t.passkeyCredentialId),
    check(
      'second_factors_kind_fields',
      sql`(${t.kind} = 'totp' and ${t.totpSecret} is not null) or (${t.kind} = 'passkey' and ${t.passkeyCredentialId} is not null and ${t.passkeyPublicKey} is not null and ${t.passkeyCounter} is not null)`,
    ),
  ],
);

/** Ten single-use codes for when no second factor is at hand; only their hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/**
 * What a session is in the middle of with a second factor: the WebAuthn challenge it was given,
 * or the authenticator-app secret it is being shown, until it answers or the entry expires.
 * Ends with its session.
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    sessionTokenHash: text('session_token_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<SecondFactorChallengePurpose>().notNull(),
    /** The WebAuthn challenge (base64url), or the sealed TOTP secret being enrolled. */
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionTokenHash, t.purpose] })],
);
export type SecondFactorChallengePurpose = 'passkey_registration' | 'passkey_authentication' | 'totp_enrolment';

/** Admin-editable settings as key → JSON value; defaults live in code, rows only for changed keys. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every stored picture, by content-addressed key (`<sha256>.<ext>`; the thumbnail's key is
 * derived from it). Tutors reference a row, so a tutor can only point at a picture that was
 * really uploaded and checked, and a picture no tutor references can be swept away.
 */
export const uploads = pgTable('uploads', {
  key: text('key').primaryKey(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tutorStatus = pgEnum('tutor_status', ['pending', 'approved', 'rejected']);

export const tutors = pgTable(
  'tutors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    department: text('department').notNull(),
    biography: text('biography').notNull(),
    courses: text('courses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-cased, accent-free name: sorting by name and finding likely duplicates. */
    normalizedName: text('normalized_name').notNull().default(''),
    /** Lower-cased, accent-free name, department and courses: what the search box matches. */
    searchText: text('search_text').notNull().default(''),
    /** The stored picture; null shows the placeholder. */
    imageKey: text('image_key').references(() => uploads.key, { onDelete: 'restrict' }),
    isPublic: boolean('is_public').notNull().default(false),
    status: tutorStatus('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The tutor's own account, once an administrator approved its claim (tutor_claims): it may respond to reviews. */
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Aggregates over visible reviews, kept in the same transaction as every review change. */
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** How many visible reviews gave each number of stars: the profile's distribution, read with the tutor. */
    rating1Count: integer('rating_1_count').notNull().default(0),
    rating2Count: integer('rating_2_count').notNull().default(0),
    rating3Count: integer('rating_3_count').notNull().default(0),
    rating4Count: integer('rating_4_count').notNull().default(0),
    rating5Count: integer('rating_5_count').notNull().default(0),
    /** The true mean of visible reviews, null without any; derived, so it can never drift. */
    averageRating: doublePrecision('average_rating').generatedAlwaysAs(
      sql`case when review_count > 0 then rating_sum::double precision / review_count end`,
    ),
    /**
     * The mean rating the ranking pulls this tutor toward: ranking_prior's, set on every tutor in
     * one statement whenever it is refreshed and on a new tutor by a trigger, so every row ranks
     * against the same prior.
     */
    rankingPriorMean: doublePrecision('ranking_prior_mean').notNull().default(0),
    /**
     * "Highest rated" orders by this weighted score (a Bayesian average): the visible reviews plus
     * RANKING_PRIOR_WEIGHT imagined ones at the prior mean; null without reviews. Derived from the
     * row, so a review change moves it in the same statement as the count and the sum.
     */
    rankingScore: doublePrecision('ranking_score').generatedAlwaysAs(
      sql.raw(
        `case when review_count > 0 then (rating_sum + ${RANKING_PRIOR_WEIGHT} * ranking_prior_mean) / (review_count + ${RANKING_PRIOR_WEIGHT}) end`,
      ),
    ),
    /*
     * What the visible reviews say beyond their stars, kept like the count and the sum in the
     * transaction (or statement) of every review change (services/reviews/aggregates.ts).
     */
    /** The difficulties given, summed, and how many reviews gave one. */
    difficultySum: integer('difficulty_sum').notNull().default(0),
    difficultyCount: integer('difficulty_count').notNull().default(0),
    /** "Would take again?": how many answered Yes, and how many answered at all. */
    wouldTakeAgainYesCount: integer('would_take_again_yes_count').notNull().default(0),
    wouldTakeAgainCount: integer('would_take_again_count').notNull().default(0),
    /** How many visible reviews carry each tag, tag → count (no zero entries). */
    reviewTagCounts: jsonb('review_tag_counts').$type<Record<string, number>>().notNull().default({}),
    /** How many visible reviews name each course, course → count (no zero entries). */
    reviewCourseCounts: jsonb('review_course_counts').$type<Record<string, number>>().notNull().default({}),
    /**
     * The reviews written since this time count as recent ("last 12 months"): a review change
     * moves the recent count and sum when its review was written since then, and the periodic
     * refresh (services/reviews/recent-window.ts) moves the time on and recounts the tutors whose
     * reviews aged out, under their row lock.
     */
    recentSince: timestamp('recent_since', { withTimezone: true })
      .notNull()
      .default(sql.raw(`(now() - interval '${RECENT_REVIEW_MONTHS} months')`)),
    recentReviewCount: integer('recent_review_count').notNull().default(0),
    recentRatingSum: integer('recent_rating_sum').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('tutors_status_created_idx').on(t.status, t.createdAt),
    index('tutors_submitted_by_idx').on(t.submittedBy),
    uniqueIndex('tutors_claimed_by_key').on(t.claimedBy),
    index('tutors_image_key_idx').on(t.imageKey),
    index('tutors_department_idx').on(t.department),
    // The public list in each of its sort orders, without sorting the whole table.
    index('tutors_public_ranking_idx')
      .on(sql`${t.rankingScore} desc nulls last`, sql`${t.reviewCount} desc`, t.normalizedName, t.id)
      .where(sql`${t.isPublic}`),
    index('tutors_public_reviews_idx')
      .on(sql`${t.reviewCount} desc`, sql`${t.averageRating} desc nulls last`, t.normalizedName, t.id)
      .where(sql`${t.isPublic}`),
    index('tutors_public_name_idx')
      .on(t.normalizedName, t.id)
      .where(sql`${t.isPublic}`),
    check('tutors_aggregates_nonnegative', sql`${t.reviewCount} >= 0 and ${t.ratingSum} >= 0`),
    check(
      'tutors_review_details_agree',
      sql`${t.difficultyCount} between 0 and ${t.reviewCount} and ${t.difficultySum} between ${t.difficultyCount} and 5 * ${t.difficultyCount}
        and ${t.wouldTakeAgainCount} between 0 and ${t.reviewCount} and ${t.wouldTakeAgainYesCount} between 0 and ${t.wouldTakeAgainCount}
        and ${t.recentReviewCount} between 0 and ${t.reviewCount} and ${t.recentRatingSum} between ${t.recentReviewCount} and 5 * ${t.recentReviewCount}
        and review_counts_valid(${t.reviewTagCounts}) and review_counts_valid(${t.reviewCourseCounts})`,
    ),
    // The count, the sum and the distribution are kept together; a write that moved one without the others fails.
    check(
      'tutors_rating_distribution_agrees',
      sql`${t.rating1Count} >= 0 and ${t.rating2Count} >= 0 and ${t.rating3Count} >= 0 and ${t.rating4Count} >= 0 and ${t.rating5Count} >= 0
        and ${t.reviewCount} = ${t.rating1Count} + ${t.rating2Count} + ${t.rating3Count} + ${t.rating4Count} + ${t.rating5Count}
        and ${t.ratingSum} = ${t.rating1Count} + 2 * ${t.rating2Count} + 3 * ${t.rating3Count} + 4 * ${t.rating4Count} + 5 * ${t.rating5Count}`,
    ),
  ],
);

/**
 * What the search box and the duplicate check filter tutors by, again, with the indexes that
 * search it (trigrams, letter pairs). Every review rewrites its tutor's row (its aggregates are
 * in the list's order indexes); kept apart, these large GIN indexes are written only when what
 * they index changes, and a search's total is counted here alone. Kept by a trigger on tutors
 * (migration 0016), so no write path can leave it behind.
 */
export const tutorSearch = pgTable(
  'tutor_search',
  {
    tutorId: uuid('tutor_id')
      .primaryKey()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    isPublic: boolean('is_public').notNull(),
    department: text('department').notNull(),
    normalizedName: text('normalized_name').notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    // Substring search ("partial words") and similar-name lookups through trigrams.
    index('tutor_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('tutor_search_name_trgm_idx').using('gin', sql`${t.normalizedName} gin_trgm_ops`),
    // A two-letter word has no trigram: its substring search finds its rows through their letter pairs.
    index('tutor_search_bigrams_idx').using('gin', sql`search_bigrams(${t.searchText})`),
  ],
);

/**
 * The mean rating "Highest rated" pulls tutors with few reviews toward: of every visible review
 * of a public tutor, refreshed periodically (services/tutors/ranking.ts) rather than by every
 * review, since moving it moves every tutor's score. One row.
 */
export const rankingPrior = pgTable(
  'ranking_prior',
  {
    id: boolean('id').primaryKey().default(true),
    mean: doublePrecision('mean').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ranking_prior_one_row', sql`${t.id}`)],
);

/**
 * How many public tutors each department has, and how many visible reviews they have between
 * them, kept by a trigger on tutors (migrations 0014 and 0015) in the same transaction as every
 * change of a tutor's visibility, department or review count, whichever code makes it: the
 * list's total, the departments menu and All Reviews' total read a few rows instead of
 * counting tutors or reviews on every request. A department without public tutors has no row.
 */
export const departmentTutorCounts = pgTable(
  'department_tutor_counts',
  {
    department: text('department').primaryKey(),
    publicTutorCount: integer('public_tutor_count').notNull(),
    publicReviewCount: integer('public_review_count').notNull().default(0),
  },
  (t) => [
    check('department_tutor_counts_positive', sql`${t.publicTutorCount} > 0`),
    check('department_tutor_counts_reviews_nonnegative', sql`${t.publicReviewCount} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    rating: smallint('rating').notNull(),
    /** Hidden by a moderator: kept for its author, left out of every list and of the tutor's aggregates. */
    isHidden: boolean('is_hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    aiAssisted: boolean('ai_assisted').notNull().default(false),
    /**
     * The author chose to have their name shown. Reviews are anonymous by default: students write
     * honestly about someone who grades them only when their name is not on it.
     */
    showName: boolean('show_name').notNull().default(false),
    /** One of the tutor's courses when written, or COURSE_NOT_LISTED; null: not said. */
    course: text('course'),
    /** The term the student took the course or the sessions: both or neither. */
    termSeason: text('term_season').$type<TermSeason>(),
    termYear: smallint('term_year'),
    difficulty: smallint('difficulty'),
    wouldTakeAgain: boolean('would_take_again'),
    /** Up to REVIEW_TAGS_MAX of the tags the administrator offered when it was written. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How many students marked it helpful: kept by a trigger on review_helpful_votes (migration 0019). */
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** What the screen found when it was last submitted or edited (shared/screening.ts); empty when nothing. */
    screeningFindings: jsonb('screening_findings').$type<ScreeningFinding[]>().notNull().default([]),
    /** Submitted anyway with findings: in the moderators' Flagged queue until one approves, hides or deletes it. */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /**
     * Submitted anyway under the Hold setting: waiting for a moderator, seen by its author only.
     * Such a review is also is_hidden, so every list and aggregate leaves it out as it does a
     * hidden one; publishing it clears both.
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_one_per_author_per_tutor').on(t.tutorId, t.authorId),
    index('reviews_author_recent_idx').on(t.authorId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    // Newest first with the id as tie-breaker: the order of every review list, read straight off an index.
    index('reviews_tutor_visible_recent_idx')
      .on(t.tutorId, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.isHidden} = false`),
    index('reviews_visible_recent_idx')
      .on(sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.isHidden} = false`),
    index('reviews_recent_idx').on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // "Most helpful" on a tutor's page, read off an index like the newest first.
    index('reviews_tutor_visible_helpful_idx')
      .on(t.tutorId, sql`${t.helpfulCount} desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.isHidden} = false`),
    // All Reviews filtered by course (whatever its letter case), newest first.
    index('reviews_course_recent_idx')
      .on(sql`lower(${t.course})`, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.isHidden} = false and ${t.course} is not null`),
    check('reviews_difficulty_range', sql`${t.difficulty} between 1 and 5`),
    check('reviews_term_whole', sql`(${t.termSeason} is null) = (${t.termYear} is null)`),
    check('reviews_tags_max', sql`cardinality(${t.tags}) <= ${sql.raw(String(REVIEW_TAGS_MAX))}`),
    check('reviews_helpful_count_nonnegative', sql`${t.helpfulCount} >= 0`),
    check('reviews_held_is_hidden', sql`${t.heldAt} is null or ${t.isHidden}`),
    // The Flagged and the waiting queues, oldest first.
    index('reviews_flagged_idx')
      .on(t.flaggedAt)
      .where(sql`${t.flaggedAt} is not null`),
  ],
);

/**
 * A review a moderator deleted, as it was: its author may appeal once (review_appeals), and a
 * restored one goes back into reviews with its id. Gone with its author's account or its tutor.
 */
export const deletedReviews = pgTable(
  'deleted_reviews',
  {
    /** The review's id, kept for restoring it. */
    id: uuid('id').primaryKey(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The review's row as it was (columns by their schema names), for putting it back. */
    review: jsonb('review').$type<Record<string, unknown>>().notNull(),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('deleted_reviews_author_idx').on(t.authorId, t.deletedAt)],
);

export type AppealStatus = 'pending' | 'restored' | 'upheld';

/**
 * The author of a hidden or deleted review asks a moderator to look again: once per review. The
 * decision (restore or uphold, with a reason) is told to the author and kept in the audit log.
 */
export const reviewAppeals = pgTable(
  'review_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The review, in reviews (hidden) or in deleted_reviews (deleted); no foreign key, as it moves between them. */
    reviewId: uuid('review_id').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    /** What was appealed against: the review hidden, or deleted. */
    against: text('against').$type<'hidden' | 'deleted'>().notNull(),
    text: text('text').notNull(),
    status: text('status').$type<AppealStatus>().notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_appeals_one_per_review').on(t.reviewId),
    index('review_appeals_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('review_appeals_author_idx').on(t.authorId),
  ],
);

/**
 * The tutor's public answer to a review ("Response from the tutor"): one per review, written by
 * the account that claimed the tutor, screened like a review, hidden by moderators like one.
 */
export const reviewResponses = pgTable(
  'review_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    /** The tutor's account when it was written; null once that account is gone. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    screeningFindings: jsonb('screening_findings').$type<ScreeningFinding[]>().notNull().default([]),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /** Waiting for a moderator under the Hold setting; such a response is also is_hidden. */
    heldAt: timestamp('held_at', { withTimezone: true }),
    isHidden: boolean('is_hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('review_responses_one_per_review').on(t.reviewId),
    index('review_responses_tutor_idx').on(t.tutorId),
    check('review_responses_held_is_hidden', sql`${t.heldAt} is null or ${t.isHidden}`),
  ],
);

export type TutorClaimStatus = 'pending' | 'approved' | 'rejected' | 'released';

/**
 * A signed-in user's request to be recognised as a tutor: an administrator approves it (the
 * account becomes the tutor's, tutors.claimed_by) or rejects it with a reason.
 */
export const tutorClaims = pgTable(
  'tutor_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the requester tells the administrator (their role, their university page...). */
    message: text('message'),
    status: text('status').$type<TutorClaimStatus>().notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tutor_claims_one_pending_per_user')
      .on(t.tutorId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('tutor_claims_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('tutor_claims_user_idx').on(t.userId),
  ],
);

/** One sentence of a review summary and the reviews it comes from. */
export interface SummarySentence {
  text: string;
  reviewIds: string[];
}

/**
 * "What students say": an AI summary of a tutor's visible reviews, each sentence citing its
 * reviews. Written in the background, never on a student's request; regenerated after enough new
 * reviews or when a summarized review is hidden or deleted (stale_at).
 */
export const tutorReviewSummaries = pgTable('tutor_review_summaries', {
  tutorId: uuid('tutor_id')
    .primaryKey()
    .references(() => tutors.id, { onDelete: 'cascade' }),
  sentences: jsonb('sentences').$type<SummarySentence[]>().notNull(),
  /** The visible reviews it was written from. */
  reviewIds: uuid('review_ids').array().notNull(),
  /** The tutor's visible review count when it was written: a new summary is due every few reviews more. */
  reviewCountAtGeneration: integer('review_count_at_generation').notNull(),
  provider: text('provider').notNull(),
  model: text('model').notNull(),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
  /** Set when a review it cites is hidden or deleted: not shown, written again. */
  staleAt: timestamp('stale_at', { withTimezone: true }),
});

/** A student's "Helpful" on another student's review: one per student and review. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.voterId] }),
    // Which reviews a student marked helpful, read with every page of a tutor's reviews.
    index('review_helpful_votes_voter_idx').on(t.voterId),
  ],
);

export const reviewReportReason = pgEnum('review_report_reason', [
  'spam',
  'personal_attack',
  'false_information',
  'other',
]);

/** A student's report of a review: one per student and review; it never hides the review by itself. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reviewReportReason('reason').notNull(),
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a moderator hid the review or dismissed its reports; the row stays so nobody reports twice. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('review_reports_one_per_reporter').on(t.reviewId, t.reporterId),
    index('review_reports_open_idx')
      .on(t.reviewId, t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    // Which reviews a student has reported, read with every page of a tutor's reviews.
    index('review_reports_reporter_idx').on(t.reporterId),
  ],
);

/** Every kind of administrator action the audit log records (shared/audit.ts words them). */
export type { AuditAction, AuditTargetType };

/** What an entry needs once its target is gone, and what changed. */
export interface AuditData {
  tutorName?: string;
  reviewTitle?: string;
  userName?: string;
  userEmail?: string;
  /** Field names and their new values, for updates (never passwords). */
  changes?: Record<string, string | number | boolean | string[] | null>;
}

/**
 * Who did what to which record, when and why: every administrator action, kept after its
 * target is gone (a deletion's reason lives here). The admin dashboard's recent activity.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    /** No foreign key: the entry outlives a deleted review, tutor or account. */
    targetId: uuid('target_id'),
    tutorId: uuid('tutor_id').references(() => tutors.id, { onDelete: 'set null' }),
    /** Whose content or account it was. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    data: jsonb('data').$type<AuditData>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_recent_idx').on(sql`${t.createdAt} desc`),
    // The audit log page filtered by person or by kind of action, newest first.
    index('audit_log_actor_recent_idx').on(t.actorId, sql`${t.createdAt} desc`),
    index('audit_log_action_recent_idx').on(t.action, sql`${t.createdAt} desc`),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Departments a student follows: newly published tutors there are announced to them. */
export const departmentFollows = pgTable(
  'department_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    department: text('department').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Followers are matched case-insensitively when a tutor is published, so the index is on lower(department).
  (t) => [
    primaryKey({ columns: [t.userId, t.department] }),
    index('department_follows_department_lower_idx').on(sql`lower(${t.department})`),
  ],
);

/** What a notification is about; the UI words it. Text, not an enum, so later kinds need no type migration. */
export type { NotificationKind };

export interface NotificationData {
  tutorName?: string;
  reviewTitle?: string;
  reason?: string;
  /** The department of a newly published tutor ('tutor_published'). */
  department?: string;
  /** The review it is about (a review received, hidden, deleted or appealed). */
  reviewId?: string;
}

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    tutorId: uuid('tutor_id').references(() => tutors.id, { onDelete: 'set null' }),
    /** What the message needs even after its tutor is gone (name, reason). */
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_recent_idx').on(t.userId, t.createdAt),
    // The unread badge is asked for on every page: counted from the unread entries alone.
    index('notifications_user_unread_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.readAt} is null`),
  ],
);

/** How a draft ended; null while it is being written (or when the server stopped mid-draft). */
export type AiDraftOutcome = 'completed' | 'stopped' | 'failed';

/**
 * One row per draft a student asked for: the hourly limit counts them, so it holds across
 * server instances and restarts. Nothing of what the student wrote is kept.
 */
export const aiDrafts = pgTable(
  'ai_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    outcome: text('outcome').$type<AiDraftOutcome>(),
    /** The failure code (ai_timeout, ai_blocked, ...) when the draft failed. */
    failure: text('failure'),
    /** Whether it counts towards the student's limit: provider-side failures are given back. */
    counted: boolean('counted').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ai_drafts_user_recent_idx').on(t.userId, t.createdAt)],
);

/**
 * Request counters behind the rate limits, shared by every server instance. One row per limited
 * subject: the window opens with its first request and the count starts again once it has ended.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** The limit's name and a hash of its subject (client address, email, user id). */
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_end_idx').on(t.windowEnd)],
);

export type UserRow = typeof users.$inferSelect;
export type TutorRow = typeof tutors.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ReviewReportRow = typeof reviewReports.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type SecondFactorRow = typeof secondFactors.$inferSelect;
export type AiDraftRow = typeof aiDrafts.$inferSelect;
export type DeletedReviewRow = typeof deletedReviews.$inferSelect;
export type ReviewAppealRow = typeof reviewAppeals.$inferSelect;
export type ReviewResponseRow = typeof reviewResponses.$inferSelect;
export type TutorClaimRow = typeof tutorClaims.$inferSelect;
export type TutorReviewSummaryRow = typeof tutorReviewSummaries.$inferSelect;
