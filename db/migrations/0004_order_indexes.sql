CREATE INDEX "seat_claims_order_idx" ON "seat_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_discounts_product_idx" ON "order_discounts" USING btree ("order_product_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sms_confirmations_product_idx" ON "sms_confirmations" USING btree ("order_product_id");