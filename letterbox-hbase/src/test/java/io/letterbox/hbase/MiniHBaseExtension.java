package io.letterbox.hbase;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests the run's {@link MiniHBase} as a parameter ({@code @BeforeEach void open(MiniHBase
 * hbase)}), starting it the first time any test asks. It lives in the root context's store, so it
 * is shared by every test class and stopped at the end of the run.
 */
public final class MiniHBaseExtension implements ParameterResolver {
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == MiniHBase.class;
  }

  @Override
  public MiniHBase resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
        .getOrComputeIfAbsent(MiniHBase.class, type -> MiniHBase.start(), MiniHBase.class);
  }
}
