export { CancellationFeaturesNotice, FeaturesLostNotice } from './features-lost-notice';
export { PlanUpgradePrompt, PLANS_PAGE } from './plan-upgrade-prompt';
