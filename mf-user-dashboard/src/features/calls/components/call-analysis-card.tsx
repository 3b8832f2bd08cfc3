import type { CallAnalysisValue } from 'shared-contracts';
import { Descriptions, PageCard, StatusTag, Typography } from 'shared-ui';

type Field = CallAnalysisValue['fields'][number];

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** A date field holds the account's local day (and time): shown as written there, never shifted by the viewer's zone. */
function dateText(value: string): string {
  const match = DATE.exec(value);
  if (!match) return value;
  const [, y, m, d, hh, mm] = match;
  const at = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh ?? 0), Number(mm ?? 0)));
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric', ...(hh === undefined ? {} : { hour: 'numeric', minute: '2-digit' }),
  }).format(at);
}

function valueText(field: Field): string {
  if (field.value === null) return 'Not said';
  if (typeof field.value === 'boolean') return field.value ? 'Yes' : 'No';
  if (field.type === 'date' && typeof field.value === 'string') return dateText(field.value);
  return String(field.value);
}

function SuccessTag({ success }: { success: boolean | null }) {
  if (success === null) return <StatusTag status="not-judged" color="default" label="Not judged" />;
  return success
    ? <StatusTag status="success" color="success" label="Successful" />
    : <StatusTag status="failure" color="error" label="Not successful" />;
}

/** The business's own analysis of a call: whether it was a success and why, and each field as the call filled it. */
export function CallAnalysisCard({ analysis }: { analysis: CallAnalysisValue }) {
  return (
    <PageCard title="Call analysis" role="region" aria-label="Call analysis">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'success',
            label: 'Success',
            span: 'filled',
            children: (
              <>
                <SuccessTag success={analysis.success} />
                {analysis.successReason && <Typography.Text style={{ marginInlineStart: 8 }}>{analysis.successReason}</Typography.Text>}
              </>
            ),
          },
          ...analysis.fields.map((field, i) => ({ key: `field-${i}`, label: field.name, children: valueText(field) })),
          { key: 'by', label: 'Analysed by', children: analysis.analysedBy },
        ]}
      />
    </PageCard>
  );
}
