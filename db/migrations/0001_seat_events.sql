CREATE TABLE "seat_event_heads" (
	"showtime_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_events" (
	"showtime_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"seats" jsonb NOT NULL,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "seat_events_showtime_id_seq_pk" PRIMARY KEY("showtime_id","seq")
);
--> statement-breakpoint
ALTER TABLE "seat_event_heads" ADD CONSTRAINT "seat_event_heads_showtime_id_showtimes_id_fk" FOREIGN KEY ("showtime_id") REFERENCES "public"."showtimes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_events" ADD CONSTRAINT "seat_events_showtime_id_showtimes_id_fk" FOREIGN KEY ("showtime_id") REFERENCES "public"."showtimes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_events_created_idx" ON "seat_events" USING btree ("created_at");