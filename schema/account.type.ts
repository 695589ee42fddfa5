import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { AccountRow } from '../src/services/account';

@ObjectType({
  description:
    "A guest's site account and what hangs off it. Readable only with the account's own token or an admin token.",
})
export class Account {
  @Field(() => Int, { description: 'Site account id (the `sub` of its account tokens).' })
  id!: number;

  @Field(() => ID, { description: 'Global id for client caches: `Account:{id}`.' })
  nodeId!: string;

  @Field(() => String, { description: "The account holder's e-mail address." })
  email!: string;

  @Field(() => String, { description: "The holder's first name." })
  firstName!: string;

  @Field(() => String, { description: "The holder's last name." })
  lastName!: string;

  @Field(() => String, { description: 'When the account was created (ISO 8601, UTC).' })
  createdAt!: string;
}

/** The GraphQL account of a service row. */
export function toAccount(row: AccountRow): Account {
  return Object.assign(new Account(), {
    id: row.id,
    nodeId: `Account:${row.id}`,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt.toISOString(),
  });
}
