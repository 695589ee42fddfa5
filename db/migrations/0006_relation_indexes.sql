CREATE INDEX "attributes_group_idx" ON "attributes" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "combo_components_combo_idx" ON "combo_components" USING btree ("combo_concession_id");--> statement-breakpoint
CREATE INDEX "concession_category_assignments_category_idx" ON "concession_category_assignments" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "concession_discounts_concession_idx" ON "concession_discounts" USING btree ("concession_id");--> statement-breakpoint
CREATE INDEX "modifier_groups_concession_idx" ON "modifier_groups" USING btree ("concession_id");--> statement-breakpoint
CREATE INDEX "modifiers_group_idx" ON "modifiers" USING btree ("modifier_group_id");--> statement-breakpoint
CREATE INDEX "theatre_concessions_concession_idx" ON "theatre_concessions" USING btree ("concession_id");--> statement-breakpoint
CREATE INDEX "movie_credits_person_idx" ON "movie_credits" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "movie_list_items_movie_idx" ON "movie_list_items" USING btree ("movie_id");