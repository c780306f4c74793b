-- Every order written before order lines existed sold one thing: it gets that one line, with the
-- order's own figures, so an order's totals are the sum of its lines for old orders too
-- (docs/decisions/061).
INSERT INTO "order_lines" ("order_id", "position", "kind", "course_id", "plan", "title", "list_price_cents", "discount_cents", "tax_cents", "amount_cents", "refunded_at", "created_at", "updated_at")
SELECT o."id", 0, o."kind", o."course_id", o."plan", o."item_title", o."list_price_cents", least(o."discount_cents", o."list_price_cents"), o."tax_cents", o."amount_cents", o."refunded_at", o."created_at", o."updated_at"
FROM "orders" o
WHERE NOT EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id");
