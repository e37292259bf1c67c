import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { GatewayName, PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox.gateway';
import { ZarinpalGateway } from './zarinpal.gateway';

export interface Gateways {
  /** Where new payments go (`GATEWAY`). */
  active: PaymentGateway;
  /** The gateway a payment was opened with, to verify it (the setting may have changed since). */
  byName(name: string): PaymentGateway | undefined;
  sandbox: SandboxGateway;
}

export function createGateways(config: Config, db: Db): Gateways {
  const sandbox = new SandboxGateway(db);
  const zarinpal = config.ZARINPAL_MERCHANT_ID ? new ZarinpalGateway({ merchantId: config.ZARINPAL_MERCHANT_ID, baseUrl: config.ZARINPAL_BASE_URL }) : undefined;
  const all: Partial<Record<GatewayName, PaymentGateway>> = { sandbox, zarinpal };
  return {
    active: config.GATEWAY === 'zarinpal' && zarinpal ? zarinpal : sandbox,
    byName: (name) => all[name as GatewayName],
    sandbox,
  };
}
