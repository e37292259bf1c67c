import type { JoinPlanInput, PaymentRedirect } from '@parde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiPath } from '../../../lib/api-client';
import type { PurchaseMode } from '../lib/purchase';
import { premiumKeys } from './keys';

const endpoints = { join: '/api/user/join2', reserve: '/api/user/reserve2' } as const satisfies Record<PurchaseMode, ApiPath<'post'>>;

/**
 * `POST /api/user/join2` (days stack on what is left) or `POST /api/user/reserve2` (starts when
 * the running subscription ends): a pending payment and the gateway page to pay it on.
 */
export async function startPurchase({ mode, ...input }: JoinPlanInput & { mode: PurchaseMode }): Promise<PaymentRedirect> {
  const res = await api.post(endpoints[mode], { body: input });
  return res.data;
}

/** The form shows its own failures (a bad discount code under its field). */
export const useStartPurchase = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startPurchase,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: premiumKeys.member() }),
  });
};
