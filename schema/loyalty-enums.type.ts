import { registerEnumType } from 'type-graphql';

/** Loyalty enums: GraphQL names in SCREAMING_CASE, internal values in the spec's spelling (as services return them). */
export enum LoyaltyAccountType {
  WEB_ONLY = 'WebOnly',
  LEGACY = 'Legacy',
  INSIDER = 'Insider',
  PREMIERE = 'Premiere',
  PREMIERE_GO = 'PremiereGo',
  ASSOCIATE = 'Associate',
}
registerEnumType(LoyaltyAccountType, {
  name: 'LoyaltyAccountType',
  description: "A loyalty card's membership type; PREMIERE and PREMIERE_GO members may buy Premiere seats.",
  valuesConfig: {
    WEB_ONLY: { description: 'Web-only membership.' },
    LEGACY: { description: 'A legacy programme membership.' },
    INSIDER: { description: 'The free Insider tier.' },
    PREMIERE: { description: 'The paid Premiere tier (Premiere seats, fee waivers).' },
    PREMIERE_GO: { description: 'Premiere Go, the mobile Premiere tier (Premiere seats).' },
    ASSOCIATE: { description: "An associate's (employee's) card." },
  },
});

export enum LoyaltyStatus {
  ACTIVE = 'Active',
  INACTIVE = 'Inactive',
  CLOSED = 'Closed',
}
registerEnumType(LoyaltyStatus, {
  name: 'LoyaltyStatus',
  description: 'Status of a loyalty card or account.',
  valuesConfig: {
    ACTIVE: { description: 'In use: may earn and spend.' },
    INACTIVE: { description: 'Not usable for now (see the status info: not activated, fraud, …).' },
    CLOSED: { description: 'Closed for good; kept for history.' },
  },
});

export enum LoyaltyStatusInfo {
  ACTIVE = 'Active',
  NOT_ACTIVATED = 'Not Activated',
  CLOSED = 'Closed',
  FRAUD = 'Fraud',
  LOST_STOLEN = 'Lost/Stolen',
  EXPIRED = 'Expired',
  EXPIRING = 'Expiring',
  CANCELLED = 'Cancelled',
  SUSPENDED = 'Suspended',
}
registerEnumType(LoyaltyStatusInfo, {
  name: 'LoyaltyStatusInfo',
  description: "Sub-status of a loyalty card or account (the spec's statusInfo).",
  valuesConfig: {
    ACTIVE: { description: 'Active.' },
    NOT_ACTIVATED: { description: 'Issued but not activated yet.' },
    CLOSED: { description: 'Closed (e.g. loyalty closed by its holder).' },
    FRAUD: { description: 'Flagged for fraud: can neither earn nor spend.' },
    LOST_STOLEN: { description: 'Reported lost or stolen.' },
    EXPIRED: { description: 'Past its expiration date.' },
    EXPIRING: { description: 'Expires soon.' },
    CANCELLED: { description: 'Cancelled.' },
    SUSPENDED: { description: 'Suspended.' },
  },
});

export enum LoyaltyTransactionKind {
  EARN = 'Earn',
  WAIVE_FEES = 'WaiveFees',
}
registerEnumType(LoyaltyTransactionKind, {
  name: 'LoyaltyTransactionKind',
  description: 'What a loyalty ledger transaction did.',
  valuesConfig: {
    EARN: { description: 'Rewards earned for purchased items.' },
    WAIVE_FEES: { description: "Fees paid from the card's balance." },
  },
});
