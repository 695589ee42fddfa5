import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { loadDevices, type DeviceView } from '../services/device';
import { loadWallets, type WalletView } from '../services/wallet';

/**
 * Wallets and devices by account id: one statement per table per batch, however many accounts. No
 * authorization here: the wallet and device services check `assertAccountAccess` first.
 */
export function createWalletLoaders(db: Db) {
  return {
    walletByAccountId: new DataLoader<number, WalletView | null>(async (ids) => {
      const wallets = await loadWallets(db, ids);
      return ids.map((id) => wallets.get(id) ?? null);
    }),
    devicesByAccountId: new DataLoader<number, DeviceView[]>(async (ids) => {
      const devices = await loadDevices(db, ids);
      return ids.map((id) => devices.get(id) ?? []);
    }),
  };
}
