package io.letterbox.engine.write;

import io.letterbox.engine.apply.GroupRenamed;
import io.letterbox.model.GroupRole;

/** Renames a group, for its owner or an admin; decided by the group's partition. */
public final class RenameGroupCommand extends Command<Void> {
  private final long gid;
  private final long by;
  private final String name;

  public RenameGroupCommand(long gid, long by, String name) {
    this.gid = gid;
    this.by = by;
    this.name = name;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    var groups = context.state().groups();
    GroupAdmin.header(groups, gid);
    GroupAdmin.atLeast(groups, gid, by, GroupRole.ADMIN, "rename it");
    return Decision.of(context.ids().next(), new GroupRenamed(gid, by, name), null);
  }
}
