import './zod-config';
import * as z from 'zod/mini';

export const portalRequestSchema = z.object({
  customer_id: z.string({ error: 'Customer ID not found. Please try again later.' }).check(z.regex(/^cus_[A-Za-z0-9_]{1,250}$/, 'Customer ID not found. Please try again later.')),
});
