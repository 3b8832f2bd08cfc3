import * as v from 'valibot';
import { PlainText, requestObject } from './common';

export const ANALYSIS_FIELD_TYPES = ['text', 'number', 'yes-no', 'date', 'choice'] as const;
export type AnalysisFieldType = (typeof ANALYSIS_FIELD_TYPES)[number];
export const MAX_ANALYSIS_FIELDS = 20;
export const MAX_ANALYSIS_CHOICES = 20;
export const SUCCESS_CRITERION_MAX_LENGTH = 1000;

/** One piece of data the business wants from every call, filled in after the call. */
export const AnalysisField = v.pipe(
  requestObject({
    name: PlainText('Field name', 60),
    type: v.picklist(ANALYSIS_FIELD_TYPES, 'Choose text, number, yes/no, date or one of a list'),
    description: v.optional(v.pipe(v.string('Description must be text'), v.trim(), v.maxLength(500, 'Description must be at most 500 characters')), ''),
    /** The choices of a "one of a list" field; empty for the other types. */
    options: v.optional(v.pipe(
      v.array(PlainText('Choice', 60), 'Choices must be a list'),
      v.maxLength(MAX_ANALYSIS_CHOICES, `A field has at most ${MAX_ANALYSIS_CHOICES} choices`),
    ), []),
  }),
  v.forward(
    v.check((f) => f.type !== 'choice' || f.options.length >= 2, 'Give at least two choices'),
    ['options'],
  ),
);
export type AnalysisFieldValue = v.InferOutput<typeof AnalysisField>;

export const AnalysisFields = v.pipe(
  v.array(AnalysisField, 'Analysis fields must be a list'),
  v.maxLength(MAX_ANALYSIS_FIELDS, `An agent has at most ${MAX_ANALYSIS_FIELDS} analysis fields`),
  v.check((fs) => new Set(fs.map((f) => f.name.toLowerCase())).size === fs.length, 'Each field needs its own name'),
);

export const SuccessCriterion = v.pipe(
  v.string('Success criterion must be text'),
  v.trim(),
  v.maxLength(SUCCESS_CRITERION_MAX_LENGTH, `Success criterion must be at most ${SUCCESS_CRITERION_MAX_LENGTH} characters`),
);

/** A call's analysis: each field as extracted (null when the call did not say), and the success judgement. */
export const CallAnalysis = v.object({
  fields: v.array(v.object({
    name: v.string(),
    type: v.picklist(ANALYSIS_FIELD_TYPES),
    value: v.nullable(v.union([v.string(), v.number(), v.boolean()])),
  })),
  /** Null when the agent has no success criterion. */
  success: v.nullable(v.boolean()),
  successReason: v.string(),
  /** Who filled it in: the model's label, or LOCAL_RESPONDER_LABEL (rules). */
  analysedBy: v.string(),
});
export type CallAnalysisValue = v.InferOutput<typeof CallAnalysis>;
