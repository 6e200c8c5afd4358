// Compile-time proof that the boundary schemas (shared/schema) and the TypeScript types the engine uses describe the
// same shapes: a value a schema lets through is of the type, and every variant of the type can pass the schema.
import type { JournalChange, JournalEntry } from '../main/install/journal/journalEntry.js';
import type { AppError } from '../shared/errors.js';
import type { AppErrorFromSchema } from '../shared/schema/appErrorSchema.js';
import type { JournalChangeFromSchema, JournalEntryFromSchema } from '../shared/schema/journalSchema.js';
import type { PlanFromSchema } from '../shared/schema/planSchema.js';
import type { Plan } from '../shared/types/plan.js';

type Extends<A, B> = [A] extends [B] ? true : false;
type Assert<T extends true> = T;

export type CheckedPlanIsPlan = Assert<Extends<PlanFromSchema, Plan>>;
export type EveryPlanFieldChecked = Assert<Extends<keyof Plan, keyof PlanFromSchema>>;

export type CheckedChangeIsChange = Assert<Extends<JournalChangeFromSchema, JournalChange>>;
export type EveryChangeCanPass = Assert<Extends<JournalChange, JournalChangeFromSchema>>;
export type CheckedEntryIsEntry = Assert<Extends<JournalEntryFromSchema, JournalEntry>>;
// A journal's plan is a Plan (its params a loose record), checked field by field by planSchema; the rest must agree exactly.
type WithoutPlan<E> = E extends { plan: unknown } ? Omit<E, 'plan'> : E;
export type EveryEntryCanPass = Assert<Extends<WithoutPlan<JournalEntry>, WithoutPlan<JournalEntryFromSchema>>>;

// And field for field: a field the type has but the schema would refuse (or the reverse) fails here.
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The schema may split one type variant in two (packages-installed per manager): compare with every key its variants have.
type AllKeys<T> = T extends unknown ? keyof T : never;
type SameKeysPerVariant<A, B, K extends PropertyKey> = A extends Record<K, infer Tag> ? SameSet<keyof A, AllKeys<Extract<B, Record<K, Tag>>>> : never;
export type EntryFieldsAgree = Assert<SameKeysPerVariant<JournalEntry, JournalEntryFromSchema, 't'>>;
export type ChangeFieldsAgree = Assert<SameKeysPerVariant<JournalChange, JournalChangeFromSchema, 'type'>>;

// An AppError read through appErrorSchema is an AppError, and every AppError field is checked by it.
export type CheckedAppErrorIsAppError = Assert<Extends<AppErrorFromSchema, AppError>>;
export type EveryAppErrorFieldChecked = Assert<SameSet<keyof AppError, keyof AppErrorFromSchema>>;
