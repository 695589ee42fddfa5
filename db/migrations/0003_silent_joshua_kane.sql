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
ALTER TABLE "wallet_credit_cards" ADD CONSTRAINT "wallet_credit_cards_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_external_bills" ADD CONSTRAINT "wallet_external_bills_external_card_id_wallet_external_cards_id_fk" FOREIGN KEY ("external_card_id") REFERENCES "public"."wallet_external_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_external_cards" ADD CONSTRAINT "wallet_external_cards_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_gift_cards" ADD CONSTRAINT "wallet_gift_cards_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_partner_cards" ADD CONSTRAINT "wallet_partner_cards_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_settings" ADD CONSTRAINT "wallet_settings_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_push_registrations" ADD CONSTRAINT "device_push_registrations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_credit_cards_account_idx" ON "wallet_credit_cards" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "wallet_external_bills_card_idx" ON "wallet_external_bills" USING btree ("external_card_id");--> statement-breakpoint
CREATE INDEX "wallet_external_cards_account_idx" ON "wallet_external_cards" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "wallet_gift_cards_account_idx" ON "wallet_gift_cards" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "wallet_partner_cards_account_idx" ON "wallet_partner_cards" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "devices_account_idx" ON "devices" USING btree ("site_account_id");