// The signed-in person's account screens, one chunk.
export { AccountOverviewPage } from '../features/account/components/account-overview-page';
export { AccountProfilePage } from '../features/account/components/account-profile-page';
export { AccountSecurityPage } from '../features/account/components/account-security-page';
