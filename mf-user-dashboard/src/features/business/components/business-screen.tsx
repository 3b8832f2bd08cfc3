import { useApi, useSessionUser } from 'shared-auth';
import { contract } from 'shared-contracts';
import { DashboardPage, LoadError, LoadingBlock, PageCard } from 'shared-ui';
import { BusinessForm } from './business-form';

/** dashboard/account/business */
export function BusinessScreen() {
  const user = useSessionUser();
  const business = useApi(contract.company.getAccountBusiness, user ? { params: { id: user.accountId } } : null);
  const industries = useApi(contract.company.getBusinessIndustries, user ? {} : null);
  const error = business.error ?? industries.error;
  return (
    <DashboardPage title="Business" loading={!user}>
      <PageCard title="Business profile">
        {error && <LoadError error={error.message} onRetry={() => { void business.mutate(); void industries.mutate(); }} />}
        {!error && (!business.data || !industries.data) && <LoadingBlock label="Loading business profile…" />}
        {/* A failed refresh leaves the form as typed, under the error: only a first load waits on it. */}
        {business.data && industries.data && (
          <BusinessForm key={business.data.data.updatedAt} business={business.data.data} industries={industries.data.data} />
        )}
      </PageCard>
    </DashboardPage>
  );
}
