import type { GiftRedeemInput, GiftRedeemResult } from '@parde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKeys } from './keys';

/** `POST /api/user/gift/redeem` — a gift code's days added to the member's premium, once. */
export async function redeemGift(input: GiftRedeemInput): Promise<GiftRedeemResult> {
  const res = await api.post('/api/user/gift/redeem', { body: input });
  return res.data.data;
}

/** The form shows its own failures (unknown or used code) under the field. */
export const useRedeemGift = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeemGift,
    meta: { silent: true },
    onSuccess: (result) => {
      client.setQueryData(premiumKeys.status(), result.premium);
      return client.invalidateQueries({ queryKey: premiumKeys.member() });
    },
  });
};
