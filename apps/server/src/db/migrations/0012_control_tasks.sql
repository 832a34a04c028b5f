ALTER TABLE "lt_command_batch" ADD COLUMN "target_kind" varchar(10);--> statement-breakpoint
ALTER TABLE "lt_command_batch" ADD COLUMN "parent_batch_id" varchar(36);--> statement-breakpoint
CREATE INDEX "lt_command_batch_client_idx" ON "lt_command_batch" USING btree ("client_id","create_time");