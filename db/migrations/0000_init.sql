CREATE TABLE "loyalty_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_account_id" integer,
	"card_number" text NOT NULL,
	"account_type" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"status_info" text DEFAULT 'Active' NOT NULL,
	"activation_date" timestamp with time zone,
	"expiration_date" timestamp with time zone,
	CONSTRAINT "loyalty_cards_card_number_unique" UNIQUE("card_number")
);
--> statement-breakpoint
CREATE TABLE "site_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "attribute_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text,
	"short_description" text,
	"long_description" text,
	"applies_to_theatre" boolean DEFAULT false NOT NULL,
	"applies_to_showtime" boolean DEFAULT false NOT NULL,
	"applies_to_movie" boolean DEFAULT false NOT NULL,
	"url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_premium_format" boolean DEFAULT false NOT NULL,
	"group_id" integer,
	"media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "attributes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "seat_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"showtime_id" integer NOT NULL,
	"row" integer NOT NULL,
	"column" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"showtime_id" integer NOT NULL,
	"row" integer NOT NULL,
	"column" integer NOT NULL,
	"order_id" integer,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "combo_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"combo_concession_id" integer NOT NULL,
	"concession_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "combo_group_items" (
	"component_id" integer NOT NULL,
	"concession_id" integer NOT NULL,
	CONSTRAINT "combo_group_items_component_id_concession_id_pk" PRIMARY KEY("component_id","concession_id")
);
--> statement-breakpoint
CREATE TABLE "concession_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"product_sort_order" integer DEFAULT 0 NOT NULL,
	"image_small" text,
	"image_large" text
);
--> statement-breakpoint
CREATE TABLE "concession_category_assignments" (
	"concession_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "concession_category_assignments_concession_id_category_id_pk" PRIMARY KEY("concession_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "concession_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"concession_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"type" text NOT NULL,
	"reference_product_id" integer
);
--> statement-breakpoint
CREATE TABLE "concession_groups" (
	"concession_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_small" text,
	"image_large" text,
	CONSTRAINT "concession_groups_concession_id_name_pk" PRIMARY KEY("concession_id","name")
);
--> statement-breakpoint
CREATE TABLE "concessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	"nutritional_info" text,
	"size" text,
	"sku" text NOT NULL,
	"prep_time" integer DEFAULT 0 NOT NULL,
	"tax_group_id" integer,
	"tax_at_combo_item_level" boolean DEFAULT false NOT NULL,
	"is_combo" boolean DEFAULT false NOT NULL,
	"is_modifier_only" boolean DEFAULT false NOT NULL,
	"image_small" text,
	"image_large" text,
	"upsell_group_id" integer,
	CONSTRAINT "concessions_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "modifier_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"concession_id" integer NOT NULL,
	"group_name" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"minimum_quantity" integer DEFAULT 0 NOT NULL,
	"maximum_quantity" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"modifier_group_id" integer NOT NULL,
	"concession_id" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_time_slots" (
	"theatre_id" integer NOT NULL,
	"time_local" time NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "pickup_time_slots_theatre_id_time_local_pk" PRIMARY KEY("theatre_id","time_local")
);
--> statement-breakpoint
CREATE TABLE "theatre_concessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"theatre_id" integer NOT NULL,
	"concession_id" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "theatre_concessions_uq" UNIQUE("theatre_id","concession_id")
);
--> statement-breakpoint
CREATE TABLE "upsell_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upsell_items" (
	"upsell_group_id" integer NOT NULL,
	"concession_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "upsell_items_upsell_group_id_concession_id_pk" PRIMARY KEY("upsell_group_id","concession_id")
);
--> statement-breakpoint
CREATE TABLE "content_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"allow_multiple_media" boolean NOT NULL,
	CONSTRAINT "content_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "image_size_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"resize_mode" text DEFAULT 'crop' NOT NULL,
	CONSTRAINT "image_size_types_ct_name_uq" UNIQUE("content_type_id","name")
);
--> statement-breakpoint
CREATE TABLE "media_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_type" text NOT NULL,
	"resource_key" text NOT NULL,
	"content_type_id" integer NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"short_description" text,
	"long_description" text,
	"image_url" text,
	"still_image_url" text,
	"thumbnail_url" text,
	"video_url" text,
	"related_link_display_text" text,
	"related_link_url" text,
	"tags" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"effective_start_date" timestamp with time zone,
	"effective_end_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "renditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_item_id" integer NOT NULL,
	"external_id" text,
	"size" text NOT NULL,
	"url" text NOT NULL,
	"width" integer,
	"height" integer,
	"bit_rate" integer,
	"bytes" integer,
	"duration" integer,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movie_attributes" (
	"movie_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "movie_attributes_movie_id_attribute_id_pk" PRIMARY KEY("movie_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "movie_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"movie_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"job" text NOT NULL,
	"role" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sortable_name" text NOT NULL,
	"slug" text NOT NULL,
	"genre" text NOT NULL,
	"mpaa_rating" text NOT NULL,
	"vendor_release_number" integer,
	"internal_release_number" integer,
	"run_time" integer NOT NULL,
	"score" numeric(4, 3),
	"synopsis" text,
	"synopsis_tag_line" text,
	"release_date_utc" timestamp with time zone NOT NULL,
	"display_online_ticket_availability" boolean DEFAULT true NOT NULL,
	"online_ticket_availability_date_utc" timestamp with time zone,
	"website_url" text,
	"distributor_id" integer,
	"distributor_code" text,
	"available_for_a_list" boolean DEFAULT true NOT NULL,
	"preferred_media_type" text DEFAULT 'Theatrical' NOT NULL,
	"external_db_id" text,
	"private_theatre_rental_tier" text,
	"media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "movies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"biography" text,
	"biography_url" text,
	"profile_image_url" text
);
--> statement-breakpoint
CREATE TABLE "refund_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type_description" text NOT NULL,
	CONSTRAINT "refund_reasons_type_name_uq" UNIQUE("type_description","name")
);
--> statement-breakpoint
CREATE TABLE "auditoriums" (
	"id" serial PRIMARY KEY NOT NULL,
	"theatre_id" integer NOT NULL,
	"number" integer NOT NULL,
	CONSTRAINT "auditoriums_theatre_number_uq" UNIQUE("theatre_id","number")
);
--> statement-breakpoint
CREATE TABLE "layout_seats" (
	"layout_version_id" integer NOT NULL,
	"row" integer NOT NULL,
	"column" integer NOT NULL,
	"seat_name" text NOT NULL,
	"type" text NOT NULL,
	"tier" text NOT NULL,
	"zone_number" integer,
	CONSTRAINT "layout_seats_layout_version_id_row_column_pk" PRIMARY KEY("layout_version_id","row","column")
);
--> statement-breakpoint
CREATE TABLE "layout_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"layout_id" integer NOT NULL,
	"version_number" integer NOT NULL,
	"rows" integer NOT NULL,
	"columns" integer NOT NULL,
	CONSTRAINT "layout_versions_layout_version_uq" UNIQUE("layout_id","version_number")
);
--> statement-breakpoint
CREATE TABLE "layout_zones" (
	"layout_version_id" integer NOT NULL,
	"zone_number" integer NOT NULL,
	"surcharge_amount" numeric(10, 2) NOT NULL,
	"discount_amount" numeric(10, 2) NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "layout_zones_layout_version_id_zone_number_pk" PRIMARY KEY("layout_version_id","zone_number")
);
--> statement-breakpoint
CREATE TABLE "seating_layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"auditorium_id" integer NOT NULL,
	"theatre_id" integer NOT NULL,
	"name" text NOT NULL,
	"current_version_number" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showtime_attributes" (
	"showtime_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "showtime_attributes_showtime_id_attribute_id_pk" PRIMARY KEY("showtime_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "showtime_ticket_prices" (
	"showtime_id" integer NOT NULL,
	"type" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) NOT NULL,
	"sku" text NOT NULL,
	"age_policy" text,
	CONSTRAINT "showtime_ticket_prices_showtime_id_type_pk" PRIMARY KEY("showtime_id","type")
);
--> statement-breakpoint
CREATE TABLE "showtimes" (
	"id" serial PRIMARY KEY NOT NULL,
	"performance_number" integer NOT NULL,
	"theatre_id" integer NOT NULL,
	"movie_id" integer NOT NULL,
	"auditorium" integer NOT NULL,
	"layout_id" integer NOT NULL,
	"layout_version_number" integer NOT NULL,
	"layout_version_id" integer NOT NULL,
	"show_date_time_utc" timestamp with time zone NOT NULL,
	"sell_until_date_time_utc" timestamp with time zone NOT NULL,
	"is_canceled" boolean DEFAULT false NOT NULL,
	"in_theatre_ticketing_only" boolean DEFAULT false NOT NULL,
	"is_embargoed" boolean,
	"is_coming_soon" boolean,
	"visibility_date_time_utc" timestamp with time zone,
	"is_discount_matinee_priced" boolean DEFAULT false NOT NULL,
	"discount_matinee_message" text,
	"social_distancing" boolean DEFAULT false NOT NULL,
	"languages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"estimated_fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_updated_date_utc" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "markets_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "theatre_attributes" (
	"theatre_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "theatre_attributes_theatre_id_attribute_id_pk" PRIMARY KEY("theatre_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "theatres" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"name" text NOT NULL,
	"long_name" text NOT NULL,
	"slug" text NOT NULL,
	"timezone" text NOT NULL,
	"address_line1" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"state" text NOT NULL,
	"state_name" text NOT NULL,
	"country" text DEFAULT 'United States' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"showtimes_phone_number" text,
	"guest_services_phone_number" text,
	"facebook_url" text,
	"website_url" text,
	"ticketable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "theatres_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "movie_list_items" (
	"movie_list_id" integer NOT NULL,
	"movie_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	CONSTRAINT "movie_list_items_movie_list_id_movie_id_pk" PRIMARY KEY("movie_list_id","movie_id")
);
--> statement-breakpoint
CREATE TABLE "movie_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type_name" text NOT NULL,
	"start_date" timestamp NOT NULL,
	"end_date" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_product_id" integer NOT NULL,
	"discount_id" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"type" text NOT NULL,
	"card_last_four" text,
	"amount" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_line_uq" UNIQUE("order_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "order_product_modifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_product_id" integer NOT NULL,
	"modifier_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'Held' NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"cost" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) DEFAULT 0 NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"showtime_id" integer,
	"ticket_type" text,
	"row" integer,
	"column" integer,
	"seat_name" text,
	"theatre_id" integer,
	"movie_id" integer,
	"theatre_concession_id" integer,
	"pickup_date_time_utc" timestamp with time zone,
	"confirmation_code" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_products_line_uq" UNIQUE("order_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"refund_reason_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"product_line_numbers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" integer,
	"site_account_id" integer,
	"email" text,
	"loyalty_card_number" text,
	"vendor_transaction_id" text,
	"shopping_cart_id" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"fulfilled_at" timestamp with time zone,
	CONSTRAINT "orders_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_product_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_group_id_attribute_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."attribute_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_blocks" ADD CONSTRAINT "seat_blocks_showtime_id_showtimes_id_fk" FOREIGN KEY ("showtime_id") REFERENCES "public"."showtimes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_claims" ADD CONSTRAINT "seat_claims_showtime_id_showtimes_id_fk" FOREIGN KEY ("showtime_id") REFERENCES "public"."showtimes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_claims" ADD CONSTRAINT "seat_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_components" ADD CONSTRAINT "combo_components_combo_concession_id_concessions_id_fk" FOREIGN KEY ("combo_concession_id") REFERENCES "public"."concessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_components" ADD CONSTRAINT "combo_components_concession_id_concessions_id_fk" FOREIGN KEY ("concession_id") REFERENCES "public"."concessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_group_items" ADD CONSTRAINT "combo_group_items_component_id_combo_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."combo_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_group_items" ADD CONSTRAINT "combo_group_items_concession_id_concessions_id_fk" FOREIGN KEY ("concession_id") REFERENCES "public"."concessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concession_category_assignments" ADD CONSTRAINT "concession_category_assignments_concession_id_concessions_id_fk" FOREIGN KEY ("concession_id") REFERENCES "public"."concessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concession_category_assignments" ADD CONSTRAINT "concession_category_assignments_category_id_concession_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."concession_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concession_discounts" ADD CONSTRAINT "concession_discounts_concession_id_concessions_id_fk" FOREIGN KEY ("concession_id") REFERENCES "public"."concessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concession_groups" ADD CONSTRAINT "concession_groups_concession_id_concessions_id_fk" FOREIGN KEY ("concession_id") REFERENCES "public"."concessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_upsell_group_id_upsell_groups_id_fk" FOREIGN KEY ("upsell_group_id") REFERENCES "public"."upsell_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_groups" ADD CONSTRAINT "modifier_groups_concession_id_concessions_id_fk" FOREIGN KEY ("concession_id") REFERENCES "public"."concessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifiers" ADD CONSTRAINT "modifiers_modifier_group_id_modifier_groups_id_fk" FOREIGN KEY ("modifier_group_id") REFERENCES "public"."modifier_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifiers" ADD CONSTRAINT "modifiers_concession_id_concessions_id_fk" FOREIGN KEY ("concession_id") REFERENCES "public"."concessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_time_slots" ADD CONSTRAINT "pickup_time_slots_theatre_id_theatres_id_fk" FOREIGN KEY ("theatre_id") REFERENCES "public"."theatres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theatre_concessions" ADD CONSTRAINT "theatre_concessions_theatre_id_theatres_id_fk" FOREIGN KEY ("theatre_id") REFERENCES "public"."theatres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theatre_concessions" ADD CONSTRAINT "theatre_concessions_concession_id_concessions_id_fk" FOREIGN KEY ("concession_id") REFERENCES "public"."concessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upsell_items" ADD CONSTRAINT "upsell_items_upsell_group_id_upsell_groups_id_fk" FOREIGN KEY ("upsell_group_id") REFERENCES "public"."upsell_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upsell_items" ADD CONSTRAINT "upsell_items_concession_id_concessions_id_fk" FOREIGN KEY ("concession_id") REFERENCES "public"."concessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_size_types" ADD CONSTRAINT "image_size_types_content_type_id_content_types_id_fk" FOREIGN KEY ("content_type_id") REFERENCES "public"."content_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_content_type_id_content_types_id_fk" FOREIGN KEY ("content_type_id") REFERENCES "public"."content_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renditions" ADD CONSTRAINT "renditions_media_item_id_media_items_id_fk" FOREIGN KEY ("media_item_id") REFERENCES "public"."media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_attributes" ADD CONSTRAINT "movie_attributes_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_attributes" ADD CONSTRAINT "movie_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_credits" ADD CONSTRAINT "movie_credits_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_credits" ADD CONSTRAINT "movie_credits_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditoriums" ADD CONSTRAINT "auditoriums_theatre_id_theatres_id_fk" FOREIGN KEY ("theatre_id") REFERENCES "public"."theatres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_seats" ADD CONSTRAINT "layout_seats_layout_version_id_layout_versions_id_fk" FOREIGN KEY ("layout_version_id") REFERENCES "public"."layout_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_versions" ADD CONSTRAINT "layout_versions_layout_id_seating_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."seating_layouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_zones" ADD CONSTRAINT "layout_zones_layout_version_id_layout_versions_id_fk" FOREIGN KEY ("layout_version_id") REFERENCES "public"."layout_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seating_layouts" ADD CONSTRAINT "seating_layouts_auditorium_id_auditoriums_id_fk" FOREIGN KEY ("auditorium_id") REFERENCES "public"."auditoriums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seating_layouts" ADD CONSTRAINT "seating_layouts_theatre_id_theatres_id_fk" FOREIGN KEY ("theatre_id") REFERENCES "public"."theatres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showtime_attributes" ADD CONSTRAINT "showtime_attributes_showtime_id_showtimes_id_fk" FOREIGN KEY ("showtime_id") REFERENCES "public"."showtimes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showtime_attributes" ADD CONSTRAINT "showtime_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showtime_ticket_prices" ADD CONSTRAINT "showtime_ticket_prices_showtime_id_showtimes_id_fk" FOREIGN KEY ("showtime_id") REFERENCES "public"."showtimes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showtimes" ADD CONSTRAINT "showtimes_theatre_id_theatres_id_fk" FOREIGN KEY ("theatre_id") REFERENCES "public"."theatres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showtimes" ADD CONSTRAINT "showtimes_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showtimes" ADD CONSTRAINT "showtimes_layout_version_id_layout_versions_id_fk" FOREIGN KEY ("layout_version_id") REFERENCES "public"."layout_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theatre_attributes" ADD CONSTRAINT "theatre_attributes_theatre_id_theatres_id_fk" FOREIGN KEY ("theatre_id") REFERENCES "public"."theatres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theatre_attributes" ADD CONSTRAINT "theatre_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theatres" ADD CONSTRAINT "theatres_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_list_items" ADD CONSTRAINT "movie_list_items_movie_list_id_movie_lists_id_fk" FOREIGN KEY ("movie_list_id") REFERENCES "public"."movie_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_list_items" ADD CONSTRAINT "movie_list_items_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_product_modifiers" ADD CONSTRAINT "order_product_modifiers_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_refund_reason_id_refund_reasons_id_fk" FOREIGN KEY ("refund_reason_id") REFERENCES "public"."refund_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_account_id_site_accounts_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."site_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_confirmations" ADD CONSTRAINT "sms_confirmations_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_cards_account_idx" ON "loyalty_cards" USING btree ("site_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_blocks_seat_uq" ON "seat_blocks" USING btree ("showtime_id","row","column");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_claims_active_seat_uq" ON "seat_claims" USING btree ("showtime_id","row","column") WHERE status in ('held', 'sold');--> statement-breakpoint
CREATE INDEX "seat_claims_showtime_idx" ON "seat_claims" USING btree ("showtime_id");--> statement-breakpoint
CREATE INDEX "seat_claims_expiry_idx" ON "seat_claims" USING btree ("expires_at") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "theatre_concessions_theatre_idx" ON "theatre_concessions" USING btree ("theatre_id");--> statement-breakpoint
CREATE INDEX "media_items_resource_idx" ON "media_items" USING btree ("resource_type","resource_key");--> statement-breakpoint
CREATE INDEX "renditions_media_idx" ON "renditions" USING btree ("media_item_id");--> statement-breakpoint
CREATE INDEX "movie_credits_movie_idx" ON "movie_credits" USING btree ("movie_id");--> statement-breakpoint
CREATE INDEX "movies_release_idx" ON "movies" USING btree ("release_date_utc");--> statement-breakpoint
CREATE INDEX "movies_genre_idx" ON "movies" USING btree ("genre");--> statement-breakpoint
CREATE INDEX "seating_layouts_theatre_idx" ON "seating_layouts" USING btree ("theatre_id");--> statement-breakpoint
CREATE INDEX "showtime_attributes_attr_idx" ON "showtime_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "showtimes_theatre_time_idx" ON "showtimes" USING btree ("theatre_id","show_date_time_utc");--> statement-breakpoint
CREATE INDEX "showtimes_movie_time_idx" ON "showtimes" USING btree ("movie_id","show_date_time_utc");--> statement-breakpoint
CREATE INDEX "showtimes_time_idx" ON "showtimes" USING btree ("show_date_time_utc");--> statement-breakpoint
CREATE INDEX "theatres_market_idx" ON "theatres" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "theatres_state_idx" ON "theatres" USING btree ("state_name");--> statement-breakpoint
CREATE INDEX "order_product_modifiers_product_idx" ON "order_product_modifiers" USING btree ("order_product_id");--> statement-breakpoint
CREATE INDEX "order_products_order_idx" ON "order_products" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("site_account_id");--> statement-breakpoint
CREATE INDEX "orders_expiry_idx" ON "orders" USING btree ("expires_at") WHERE status = 'Pending';--> statement-breakpoint
CREATE INDEX "outbox_events_pending_idx" ON "outbox_events" USING btree ("id") WHERE delivered_at is null;