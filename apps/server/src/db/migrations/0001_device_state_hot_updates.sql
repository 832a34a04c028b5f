DROP INDEX "lt_device_state_sweep_idx";--> statement-breakpoint
ALTER TABLE "lt_device_state" SET (fillfactor = 70);