/** Query keys of plans, the member's subscription, payments and gifts (house style: one factory per feature). */
export const premiumKeys = {
  all: ['premium'] as const,
  plans: () => [...premiumKeys.all, 'plans'] as const,
  plan: (id: number) => [...premiumKeys.all, 'plan', id] as const,
  /** Everything that belongs to the signed-in member: refreshed together after a purchase or a redeemed gift. */
  member: () => [...premiumKeys.all, 'member'] as const,
  status: () => [...premiumKeys.member(), 'status'] as const,
  paymentLists: () => [...premiumKeys.member(), 'payments'] as const,
  payments: (page: number, perPage: number) => [...premiumKeys.paymentLists(), page, perPage] as const,
  payment: (id: number) => [...premiumKeys.member(), 'payment', id] as const,
  giftLists: () => [...premiumKeys.member(), 'gifts'] as const,
  gifts: (page: number, perPage: number) => [...premiumKeys.giftLists(), page, perPage] as const,
};
