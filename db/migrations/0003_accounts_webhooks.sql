CREATE TABLE "subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"phone" text,
	"site_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribers_guid_unique" UNIQUE("guid"),
	CONSTRAINT "subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "subscribers_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "subscription_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"type" text NOT NULL,
	"audience" text NOT NULL,
	CONSTRAINT "subscription_channels_type_uq" UNIQUE("subscription_id","type")
);
--> statement-breakpoint
CREATE TABLE "subscription_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"enrolled" boolean NOT NULL,
	"enrolled_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sms_state" text,
	"confirmation_requested_at" timestamp with time zone,
	"confirmation_attempts" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "subscription_enrolments_uq" UNIQUE("subscriber_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subscriptions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "refund_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"showtime_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"refunded_orders" integer DEFAULT 0 NOT NULL,
	"released_seats" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refund_batches_showtime_id_unique" UNIQUE("showtime_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"event_id" integer,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_id" uuid,
	"last_attempt_at" timestamp with time zone,
	"last_response_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "webhook_deliveries_event_subscription_uq" UNIQUE("event_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"href" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"last_success_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_subscriptions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_uq" UNIQUE("vendor_id","route","key")
);
--> statement-breakpoint
CREATE TABLE "loyalty_account_vendors" (
	"loyalty_account_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_account_vendors_uq" UNIQUE("loyalty_account_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_account_id" integer,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_initial" text,
	"last_name" text NOT NULL,
	"gender" text,
	"birth_date" date,
	"mobile_phone_number" text,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"ssn_hash" text,
	"ssn_last_four" text,
	"associate_id" integer,
	"status" text DEFAULT 'Active' NOT NULL,
	"status_info" text DEFAULT 'Active' NOT NULL,
	"favorite_theatre_id" integer,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"terms_version" integer,
	"terms_accepted_at" timestamp with time zone,
	"activation_type" text,
	"activation_date" timestamp with time zone,
	"enroll_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_earn" boolean DEFAULT true NOT NULL,
	"is_redeem" boolean DEFAULT true NOT NULL,
	"notifications_via_email" boolean DEFAULT false NOT NULL,
	"notifications_via_mobile" boolean DEFAULT false NOT NULL,
	"offers_via_email" boolean DEFAULT false NOT NULL,
	"offers_via_mobile" boolean DEFAULT false NOT NULL,
	"weekly_emails" boolean DEFAULT false NOT NULL,
	"website_last_updated_at" timestamp with time zone,
	"portfolio_id" text,
	"portfolio_type" text,
	"validation_errors" text,
	"closed_at" timestamp with time zone,
	CONSTRAINT "loyalty_accounts_associate_id_unique" UNIQUE("associate_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_campaign_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"loyalty_account_id" integer NOT NULL,
	"vendor_id" integer,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_campaign_registrations_uq" UNIQUE("campaign_id","loyalty_account_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "loyalty_campaigns_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "loyalty_earn_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"description" text,
	"ticket_type" text,
	"feature" text,
	"feature_id" text,
	"auditorium_id" text,
	"price" numeric(12, 2) NOT NULL,
	"earned" numeric(12, 2) NOT NULL,
	CONSTRAINT "loyalty_earn_items_item_uq" UNIQUE("vendor_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"balance_change" numeric(12, 2) NOT NULL,
	"balance_after" numeric(12, 2) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"vendor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_transactions_after_nonnegative" CHECK ("loyalty_transactions"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_credit_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_account_id" integer NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"card_type" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"expiration_date" text NOT NULL,
	"last_four" text NOT NULL,
	"merchant_customer" text,
	"merchant_token" text NOT NULL,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"card_holder_first_name" text,
	"card_holder_last_name" text,
	"card_holder_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_credit_cards_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "wallet_external_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reference_id" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"external_bill_type" text NOT NULL,
	"account_number_last_four" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_external_bills_reference_id_unique" UNIQUE("reference_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_external_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_account_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"on_demand" boolean DEFAULT false NOT NULL,
	"billing_name" text,
	"billing_line_one" text,
	"billing_line_two" text,
	"billing_city" text,
	"billing_state" text,
	"billing_postal_code" text,
	"billing_country" text,
	"default_billing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_account_id" integer NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"balance_inquiry_token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"balance" numeric(10, 2) NOT NULL,
	"name" text NOT NULL,
	"number_sealed" text NOT NULL,
	"number_last_four" text NOT NULL,
	"number_length" integer NOT NULL,
	"pin_sealed" text,
	"image_url" text,
	"merchant_token" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_gift_cards_token_unique" UNIQUE("token"),
	CONSTRAINT "wallet_gift_cards_balance_inquiry_token_unique" UNIQUE("balance_inquiry_token")
);
--> statement-breakpoint
CREATE TABLE "wallet_partner_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_account_id" integer NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"balance" numeric(10, 2) NOT NULL,
	"name" text NOT NULL,
	"last_four" text NOT NULL,
	"merchant_token" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_partner_cards_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"site_account_id" integer PRIMARY KEY NOT NULL,
	"preferred_tender" text,
	"loyalty_auto_spend" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_push_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"push_registration_token" text NOT NULL,
	"registration_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_push_registrations_uq" UNIQUE("device_id","push_registration_token")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"site_account_id" integer NOT NULL,
	"category" text NOT NULL,
	"os_type" text NOT NULL,
	"os_version" text,
	"application" text NOT NULL,
	"is_push_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "loyalty_account_id" integer;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "balance" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_channels" ADD CONSTRAINT "subscription_channels_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_enrolments" ADD CONSTRAINT "subscription_enrolments_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_enrolments" ADD CONSTRAINT "subscription_enrolments_channel_id_subscription_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."subscription_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_batches" ADD CONSTRAINT "refund_batches_showtime_id_showtimes_id_fk" FOREIGN KEY ("showtime_id") REFERENCES "public"."showtimes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_outbox_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_account_vendors" ADD CONSTRAINT "loyalty_account_vendors_loyalty_account_id_loyalty_accounts_id_fk" FOREIGN KEY ("loyalty_account_id") REFERENCES "public"."loyalty_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_account_vendors" ADD CONSTRAINT "loyalty_account_vendors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaign_registrations" ADD CONSTRAINT "loyalty_campaign_registrations_campaign_id_loyalty_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."loyalty_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaign_registrations" ADD CONSTRAINT "loyalty_campaign_registrations_loyalty_account_id_loyalty_accounts_id_fk" FOREIGN KEY ("loyalty_account_id") REFERENCES "public"."loyalty_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaign_registrations" ADD CONSTRAINT "loyalty_campaign_registrations_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_earn_items" ADD CONSTRAINT "loyalty_earn_items_transaction_id_loyalty_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."loyalty_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_earn_items" ADD CONSTRAINT "loyalty_earn_items_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_card_id_loyalty_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_credit_cards" ADD CONSTRAINT "wallet_credit_cards_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_external_bills" ADD CONSTRAINT "wallet_external_bills_external_card_id_wallet_external_cards_id_fk" FOREIGN KEY ("external_card_id") REFERENCES "public"."wallet_external_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_external_cards" ADD CONSTRAINT "wallet_external_cards_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_gift_cards" ADD CONSTRAINT "wallet_gift_cards_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_partner_cards" ADD CONSTRAINT "wallet_partner_cards_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_settings" ADD CONSTRAINT "wallet_settings_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_push_registrations" ADD CONSTRAINT "device_push_registrations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscribers_account_idx" ON "subscribers" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "subscription_enrolments_channel_idx" ON "subscription_enrolments" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_vendor_idx" ON "webhook_subscriptions" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_accounts_site_account_uq" ON "loyalty_accounts" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "loyalty_accounts_email_idx" ON "loyalty_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "loyalty_accounts_phone_idx" ON "loyalty_accounts" USING btree ("mobile_phone_number");--> statement-breakpoint
CREATE INDEX "loyalty_earn_items_tx_idx" ON "loyalty_earn_items" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "loyalty_transactions_card_idx" ON "loyalty_transactions" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "wallet_credit_cards_account_idx" ON "wallet_credit_cards" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "wallet_external_bills_card_idx" ON "wallet_external_bills" USING btree ("external_card_id");--> statement-breakpoint
CREATE INDEX "wallet_external_cards_account_idx" ON "wallet_external_cards" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "wallet_gift_cards_account_idx" ON "wallet_gift_cards" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "wallet_partner_cards_account_idx" ON "wallet_partner_cards" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "devices_account_idx" ON "devices" USING btree ("site_account_id");--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_loyalty_account_id_loyalty_accounts_id_fk" FOREIGN KEY ("loyalty_account_id") REFERENCES "public"."loyalty_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_cards_loyalty_account_idx" ON "loyalty_cards" USING btree ("loyalty_account_id");--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_balance_nonnegative" CHECK ("loyalty_cards"."balance" >= 0);