import type { CallbackRequest } from 'shared-contracts';
import { Descriptions, PageCard, formatDateTime } from 'shared-ui';

const NOT_GIVEN = 'Not given';

/** The message an AI agent took when nobody could take the caller: whom to call back, on which number, and why. */
export function CallbackRequestCard({ request, timeZone }: { request: CallbackRequest; timeZone: string }) {
  return (
    <PageCard title="Callback requested" role="region" aria-label="Callback requested">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: 'Name', children: request.callerName ?? NOT_GIVEN },
          {
            key: 'number',
            label: 'Number to call back',
            children: request.phoneNumber ? <a href={`tel:${request.phoneNumber}`}>{request.phoneNumber}</a> : NOT_GIVEN,
          },
          { key: 'reason', label: 'Reason', children: request.reason },
          { key: 'requested', label: 'Requested', children: formatDateTime(request.requestedAt, timeZone) },
        ]}
      />
    </PageCard>
  );
}
