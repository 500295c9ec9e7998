/** Informes (decision 069): the chain's reports for admins, one branch's for its staff. */
export { ChainInsights } from './components/chain-insights';
export { BranchInsights } from './components/insights-screen';
export { LiveNow } from './components/live-now';
