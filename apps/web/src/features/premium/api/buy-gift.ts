import type { GiftPurchaseInput, PaymentRedirect } from '@parde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKeys } from './keys';

/** `POST /api/user/gift` — buys a plan as a gift code, optionally mailed to someone with a message. */
export async function buyGift(input: GiftPurchaseInput): Promise<PaymentRedirect> {
  const res = await api.post('/api/user/gift', { body: input });
  return res.data;
}

/** The form shows its own failures under its fields. */
export const useBuyGift = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buyGift,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: premiumKeys.member() }),
  });
};
