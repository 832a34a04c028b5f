-- one history row per device and instant: readings stored twice before (sent again after a crash) keep one copy
DELETE FROM "lt_telemetry" a USING "lt_telemetry" b WHERE a."device_id" = b."device_id" AND a."ts" = b."ts" AND a.ctid < b.ctid;--> statement-breakpoint
DROP INDEX "lt_telemetry_device_ts_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "lt_telemetry_device_ts_idx" ON "lt_telemetry" USING btree ("device_id","ts");
