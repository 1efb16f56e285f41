/** Plans and what each includes. */
export const PLANS = ['FREE', 'STARTER', 'PROFESSIONAL', 'ENTERPRISE'] as const
export type Plan = (typeof PLANS)[number]

export interface PlanFeatures {
  /** Whether API keys of the company may call the API at all. */
  apiAccess: boolean
  /** API calls per calendar month when the company sets no quota of its own. */
  apiCallQuota: number | null
  /** Webhook endpoints (Enterprise only). */
  webhooks: boolean
}

export const PLAN_FEATURES: Record<Plan, PlanFeatures> = {
  FREE: { apiAccess: false, apiCallQuota: null, webhooks: false },
  STARTER: { apiAccess: false, apiCallQuota: null, webhooks: false },
  PROFESSIONAL: { apiAccess: true, apiCallQuota: 50_000, webhooks: false },
  ENTERPRISE: { apiAccess: true, apiCallQuota: 250_000, webhooks: true },
}
