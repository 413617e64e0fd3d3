package io.letterbox.client;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A list of the API ({@code ?limit=&cursor=}): one page at a time, or every item, following the
 * cursors lazily as the iteration goes (a request per page, made when the previous page is used up).
 * Immutable.
 */
public final class Listing<T> implements Iterable<T> {
  private final BiFunction<String, Integer, Call<Page<T>>> pages;
  private final Integer limit;

  Listing(BiFunction<String, Integer, Call<Page<T>>> pages, Integer limit) {
    this.pages = pages;
    this.limit = limit;
  }

  /** @return this list with pages of {@code limit} items (1..100; the server's default is 20) */
  public Listing<T> limit(int limit) {
    if (limit < 1 || limit > 100) {
      throw new IllegalArgumentException("limit must be 1..100: " + limit);
    }
    return new Listing<>(pages, limit);
  }

  /** @param cursor the {@code next} of the previous page, null for the first */
  public Call<Page<T>> page(String cursor) {
    return pages.apply(cursor, limit);
  }

  public Call<Page<T>> first() {
    return page(null);
  }

  /** Every item, pages fetched synchronously as the stream is consumed. */
  public Stream<T> stream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED), false);
  }

  /** @throws LetterboxException from {@code hasNext()} when a page cannot be fetched */
  @Override
  public Iterator<T> iterator() {
    return new Iterator<>() {
      private Iterator<T> items = java.util.Collections.emptyIterator();
      private String next;
      private boolean last;

      @Override
      public boolean hasNext() {
        while (!items.hasNext() && !last) {
          Page<T> page = page(next).execute();
          items = page.items().iterator();
          next = page.next();
          last = !page.hasNext();
        }
        return items.hasNext();
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return items.next();
      }
    };
  }
}
