package io.letterbox.bench.baseline.lucene;

import io.letterbox.bench.targets.SearchIndex;
import io.letterbox.engine.search.Words;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.store.FSDirectory;

/**
 * The usual alternative to postings in the store: an in-process Lucene index beside it, one
 * document per message with its parties as an {@code owner} field to filter on, its words as
 * exact terms (Letterbox's own analysis, {@link Words}, so both find the same sets), and its id
 * as doc values; the index sorted by id, newest first, so a newest-first page stops early.
 * Written without a commit per message (as a search sidecar is): committed before queries.
 */
public final class LuceneSearch implements SearchIndex {
  public static final String NAME = "lucene";
  private static final Sort NEWEST_FIRST = new Sort(new SortField("id", SortField.Type.LONG, true));

  private final Path dir;
  private final FSDirectory directory;
  private final IndexWriter writer;
  private final SearcherManager searchers;

  public LuceneSearch(Path dir) {
    try {
      this.dir = Files.createDirectories(dir);
      this.directory = FSDirectory.open(dir);
      IndexWriterConfig config = new IndexWriterConfig().setIndexSort(NEWEST_FIRST)
          .setRAMBufferSizeMB(256).setOpenMode(IndexWriterConfig.OpenMode.CREATE);
      this.writer = new IndexWriter(directory, config);
      this.searchers = new SearcherManager(writer, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String note() {
    return "Lucene " + org.apache.lucene.util.Version.LATEST + " in process, FSDirectory, index sorted by id;"
        + " the same words as Letterbox's (smartcn)";
  }

  /** Indexes message {@code id} between {@code from} and {@code to}. */
  @Override
  public void add(long id, long from, long to, String text) {
    Document d = new Document();
    d.add(new StringField("owner", Long.toString(from), Field.Store.NO));
    d.add(new StringField("owner", Long.toString(to), Field.Store.NO));
    for (String w : Words.of(text)) {
      d.add(new StringField("w", w, Field.Store.NO));
    }
    d.add(new NumericDocValuesField("id", id));
    try {
      writer.addDocument(d);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Makes everything added durable and searchable. */
  @Override
  public void commit() {
    try {
      writer.commit();
      searchers.maybeRefreshBlocking();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The ids of {@code owner}'s newest {@code limit} messages with every one of {@code words}. */
  @Override
  public List<Long> search(long owner, List<String> words, int limit) {
    BooleanQuery.Builder q = new BooleanQuery.Builder();
    q.add(new TermQuery(new Term("owner", Long.toString(owner))), BooleanClause.Occur.FILTER);
    for (String w : words) {
      q.add(new TermQuery(new Term("w", w)), BooleanClause.Occur.FILTER);
    }
    try {
      IndexSearcher searcher = searchers.acquire();
      try {
        TopFieldDocs top = searcher.search(q.build(), limit, NEWEST_FIRST);
        List<Long> out = new ArrayList<>(top.scoreDocs.length);
        for (ScoreDoc d : top.scoreDocs) {
          out.add((Long) ((FieldDoc) d).fields[0]);
        }
        return out;
      } finally {
        searchers.release(searcher);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Bytes of the index on disk, merged into one segment first (its most compact form). */
  @Override
  public long diskBytes() {
    try {
      writer.forceMerge(1);
      commit();
      try (Stream<Path> files = Files.walk(dir)) {
        return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      searchers.close();
      writer.close();
      directory.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
