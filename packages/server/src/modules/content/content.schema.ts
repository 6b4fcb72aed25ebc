import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const articles = pgTable(
  'articles',
  {
    id: uuid().primaryKey().defaultRandom(),
    category: text().notNull(),
    slug: text().notNull(),
    title: text().notNull(),
    /** Markdown. */
    content: text().notNull().default(''),
    summary: text().notNull().default(''),
    published: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('articles_category_slug_unique').on(t.category, t.slug)],
);

export const faqs = pgTable('faqs', {
  id: uuid().primaryKey().defaultRandom(),
  question: text().notNull(),
  /** Markdown. */
  answer: text().notNull().default(''),
  sortOrder: integer().notNull().default(0),
  published: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
