//! How the window draws its page on Linux. WebKitGTK composites every frame with OpenGL. On a
//! machine without a GPU (a virtual machine, a remote desktop, a computer without its graphics
//! driver, the E2E's Xvfb) that OpenGL is Mesa's software rasteriser, and each frame then costs
//! tens of milliseconds: measured under Xvfb, the time from a keystroke in a score field to the
//! total on screen was p50 74 / p95 153 ms, of which 47 ms (p50) waiting for the next frame.
//! Drawing with the CPU directly, which WebKit offers as its "never use hardware acceleration"
//! policy, brought the same run to p50 34 / p95 42 ms (5 ms for the frame). With a GPU the
//! policy is left as WebKit chose it. Drawing with the CPU, WebKit makes a frame only when the
//! page changed: its WebDriver's screenshots wait for one (`ui/e2e/lib.mjs` keeps one coming).

use std::path::Path;

use tauri::{Runtime, WebviewWindow};

/// Whether the machine shows a GPU to programs: a DRM render node (`/dev/dri/renderD*`, the
/// node Mesa's hardware drivers and NVIDIA's `nvidia-drm` open), NVIDIA's own control device,
/// or WSL's bridge to the Windows GPU (`/dev/dxg`, which Mesa's d3d12 driver uses).
/// `dev` is `/dev`, or a folder standing for it in tests.
pub fn has_gpu(dev: &Path) -> bool {
    let render_node = std::fs::read_dir(dev.join("dri")).is_ok_and(|entries| {
        entries.flatten().any(|entry| entry.file_name().to_string_lossy().starts_with("renderD"))
    });
    render_node || dev.join("nvidiactl").exists() || dev.join("dxg").exists()
}

/// Without a GPU, `window` draws with the CPU (see the module's doc). Called from `setup`, before
/// the page's first frame: WebKit then never starts compositing with the software OpenGL.
pub fn draw_with_the_cpu_without_a_gpu<R: Runtime>(window: &WebviewWindow<R>) {
    if has_gpu(Path::new("/dev")) {
        return;
    }
    let set = window.with_webview(|webview| {
        use webkit2gtk::{HardwareAccelerationPolicy, SettingsExt, WebViewExt};
        if let Some(settings) = webview.inner().settings() {
            settings.set_hardware_acceleration_policy(HardwareAccelerationPolicy::Never);
        }
    });
    // Only slower frames are at stake: the window works either way.
    if let Err(e) = set {
        eprintln!("greffier: could not choose how the window draws: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::has_gpu;

    #[test]
    fn a_render_node_nvidia_control_device_or_wsl_bridge_is_a_gpu_and_nothing_else_is() {
        let dev = tempfile::tempdir().expect("temp dir");
        assert!(!has_gpu(dev.path()), "no /dev/dri at all");
        std::fs::create_dir(dev.path().join("dri")).expect("dri");
        std::fs::write(dev.path().join("dri/card0"), "").expect("card0");
        assert!(!has_gpu(dev.path()), "a display controller without a render node draws nothing itself");
        std::fs::write(dev.path().join("dri/renderD128"), "").expect("renderD128");
        assert!(has_gpu(dev.path()));

        let nvidia = tempfile::tempdir().expect("temp dir");
        std::fs::write(nvidia.path().join("nvidiactl"), "").expect("nvidiactl");
        assert!(has_gpu(nvidia.path()));

        let wsl = tempfile::tempdir().expect("temp dir");
        std::fs::write(wsl.path().join("dxg"), "").expect("dxg");
        assert!(has_gpu(wsl.path()));
    }
}
