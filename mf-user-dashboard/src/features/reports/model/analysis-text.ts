import type { CallAnalysisValue } from 'shared-contracts';

type Analysis = CallAnalysisValue | null;

/** "yes" or "no"; empty when the call has no analysis or nobody could judge it. */
export const successCsvText = (analysis: Analysis): string | null => (analysis?.success == null ? null : analysis.success ? 'yes' : 'no');

/**
 * The fields as one cell of `name=value` pairs joined by "; ": one column fits every agent's own
 * fields, whichever agents the rows come from. A field the call did not fill is left out.
 */
export function analysisCsvText(analysis: Analysis): string | null {
  const pairs = (analysis?.fields ?? []).filter((f) => f.value !== null)
    .map((f) => `${f.name}=${typeof f.value === 'boolean' ? (f.value ? 'yes' : 'no') : String(f.value)}`);
  return pairs.length === 0 ? null : pairs.join('; ');
}
