DROP INDEX "lt_command_open_idx";--> statement-breakpoint
CREATE INDEX "lt_command_open_idx" ON "lt_command" USING btree ("session_id") WHERE finish_time is null;--> statement-breakpoint
ALTER TABLE "sys_device_log" SET (fillfactor = 70);