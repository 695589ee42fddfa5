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
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_channels" ADD CONSTRAINT "subscription_channels_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_enrolments" ADD CONSTRAINT "subscription_enrolments_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_enrolments" ADD CONSTRAINT "subscription_enrolments_channel_id_subscription_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."subscription_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscribers_account_idx" ON "subscribers" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "subscription_enrolments_channel_idx" ON "subscription_enrolments" USING btree ("channel_id");