/**
 * Reference data (refund reasons). The face of the folder: other layers and other domains import from
 * here only. store.ts has its one statement, tagged, and its row type.
 */
export { listRefundReasons, type RefundReasonRow } from './store';
