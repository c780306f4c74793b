DROP INDEX "invoices_order_kind_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_line_idx" ON "invoices" USING btree ("order_line_id") WHERE "invoices"."order_line_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind_idx" ON "invoices" USING btree ("order_id","kind") WHERE "invoices"."order_line_id" is null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_line_credit_check" CHECK ("invoices"."order_line_id" is null or "invoices"."kind" = 'credit_note');