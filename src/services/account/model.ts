/** A site account as services return it. */
export interface AccountRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
}
