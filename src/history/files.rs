//! Files the history writes beside the database (exports, backups): never over the database
//! itself, never half-written under their final name.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use super::{BACKUP_DIR_NAME, Result, Store, StoreError};
use crate::games::Problems;
use crate::text::Text;

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io { path: path.to_owned(), source }
}

/// The same file on disk (device and inode), when both exist.
#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// `path` made absolute with its folder resolved (the file itself may not exist yet).
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = path.canonicalize() {
        return Some(p);
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.canonicalize().ok()?,
        _ => std::env::current_dir().ok()?,
    };
    Some(parent.join(path.file_name()?))
}

/// Writes a file through a temporary one in the same folder, flushed to disk, then renamed over
/// `path`: a crash or a failed write leaves the old file (or none), never half of the new one.
pub fn write_atomically(path: &Path, write: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.partial", uuid::Uuid::new_v4().simple()));
    let result = (|| {
        let file = File::create(&tmp).map_err(io(&tmp))?;
        let mut out = BufWriter::new(file);
        write(&mut out)?;
        let file =
            out.into_inner().map_err(|e| StoreError::Io { path: tmp.clone(), source: e.into_error() })?;
        file.sync_all().map_err(io(&tmp))?;
        std::fs::rename(&tmp, path).map_err(io(path))?;
        // The rename itself reaches the disk with the folder.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

impl Store {
    /// Refuses an output path that is the open database, its `-wal`, `-shm` or `-journal`
    /// file, or a file of its backups folder: an export must never replace the history.
    pub fn check_output_path(&self, path: &Path) -> Result<()> {
        let Some(db) = &self.path else { return Ok(()) };
        let target = resolved(path);
        let db_abs = resolved(db);
        let mut protected = vec![db.clone()];
        for suffix in ["-wal", "-shm", "-journal"] {
            let mut s = db.as_os_str().to_owned();
            s.push(suffix);
            protected.push(PathBuf::from(s));
        }
        let hits_db =
            protected.iter().any(|p| same_file(p, path) || (resolved(p).is_some() && resolved(p) == target));
        let backups = db_abs.as_ref().and_then(|d| d.parent()).map(|d| d.join(BACKUP_DIR_NAME));
        let in_backups = match (&target, &backups) {
            (Some(t), Some(b)) => t.parent().is_some_and(|p| p == b.as_path()),
            _ => false,
        };
        if hits_db || in_backups {
            let mut p = Problems::new();
            p.push(
                "output",
                "protected_path",
                Text::new(
                    format!(
                        "« {} » est la base de l'historique ou l'une de ses sauvegardes : choisissez un autre fichier.",
                        path.display()
                    ),
                    format!(
                        "“{}” is the history's database or one of its backups: choose another file.",
                        path.display()
                    ),
                ),
            );
            return Err(StoreError::Invalid(p));
        }
        Ok(())
    }

    /// Writes an export to `path`: refused over the history itself, written atomically.
    pub fn write_export(&self, path: &Path, write: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
        self.check_output_path(path)?;
        write_atomically(path, write)
    }
}
